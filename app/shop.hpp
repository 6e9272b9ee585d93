#pragma once

#include <memory>

#include "artshop/concurrency/bounded_thread_pool.hpp"
#include "artshop/concurrency/offloaded.hpp"
#include "artshop/core/accounts/authenticate.hpp"
#include "artshop/core/accounts/caller.hpp"
#include "artshop/core/accounts/change_password.hpp"
#include "artshop/core/accounts/get_profile.hpp"
#include "artshop/core/accounts/log_in.hpp"
#include "artshop/core/accounts/log_out.hpp"
#include "artshop/core/accounts/password_services.hpp"
#include "artshop/core/accounts/refresh_session.hpp"
#include "artshop/core/accounts/register_account.hpp"
#include "artshop/core/accounts/request_password_reset.hpp"
#include "artshop/core/accounts/reset_password.hpp"
#include "artshop/core/accounts/session_issuer.hpp"
#include "artshop/core/accounts/update_billing.hpp"
#include "artshop/core/accounts/update_profile.hpp"
#include "artshop/core/catalogue/browse_offers.hpp"
#include "artshop/core/catalogue/get_offer.hpp"
#include "artshop/core/catalogue/import_picture.hpp"
#include "artshop/core/catalogue/latest_offers.hpp"
#include "artshop/core/catalogue/list_categories.hpp"
#include "artshop/core/catalogue/priced_offer.hpp"
#include "artshop/core/catalogue/seed_catalogue.hpp"
#include "artshop/core/catalogue/seed_plan.hpp"
#include "artshop/core/chore_leases.hpp"
#include "artshop/core/generation/download_generated_image.hpp"
#include "artshop/core/generation/generate_images.hpp"
#include "artshop/core/generation/generation_rules.hpp"
#include "artshop/core/generation/get_generation_allowance.hpp"
#include "artshop/core/generation/list_generated_images.hpp"
#include "artshop/core/mail/deliver_mail.hpp"
#include "artshop/core/orders/artworks.hpp"
#include "artshop/core/orders/download_artwork.hpp"
#include "artshop/core/orders/expire_unpaid_orders.hpp"
#include "artshop/core/orders/get_balance.hpp"
#include "artshop/core/orders/get_deposit.hpp"
#include "artshop/core/orders/get_order.hpp"
#include "artshop/core/orders/handle_payment_event.hpp"
#include "artshop/core/orders/idempotency_keys.hpp"
#include "artshop/core/orders/list_artworks.hpp"
#include "artshop/core/orders/list_orders.hpp"
#include "artshop/core/orders/order_history.hpp"
#include "artshop/core/orders/order_limits.hpp"
#include "artshop/core/orders/fulfil_paid_order.hpp"
#include "artshop/core/orders/place_order.hpp"
#include "artshop/core/orders/receive_payment_webhook.hpp"
#include "artshop/core/orders/redeem_gift_card.hpp"
#include "artshop/core/orders/return_urls.hpp"
#include "artshop/core/orders/start_deposit.hpp"
#include "artshop/core/support/create_support_ticket.hpp"
#include "artshop/core/support/queue_unsent_support_mail.hpp"
#include "artshop/core/support/support_mailing.hpp"
#include "artshop/crypto/aes_gcm_gift_card_cipher.hpp"
#include "artshop/crypto/aes_gcm_successor_sealer.hpp"
#include "artshop/crypto/argon2_password_hasher.hpp"
#include "artshop/crypto/digests.hpp"
#include "artshop/crypto/hmac_jwt_codec.hpp"
#include "artshop/crypto/openssl_random_source.hpp"
#include "artshop/http/api.hpp"
#include "artshop/imagegen/procedural_image_generator.hpp"
#include "artshop/media/vips_image_processor.hpp"
#include "artshop/unicode/icu_text_normaliser.hpp"
#include "blob_stores.hpp"
#include "config.hpp"
#include "database.hpp"
#include "image_generator.hpp"
#include "mail_delivery.hpp"
#include "payment_provider.hpp"
#include "shared_rates.hpp"

namespace artshop::app {

class SystemClock final : public Clock {
 public:
  std::chrono::system_clock::time_point now() const override {
    return std::chrono::system_clock::now();
  }
};

// Every adapter and use case of one running shop, built from the configuration. Members are
// built in order; each use case holds references to the adapters declared above it. Only
// app/ creates concrete adapters.
struct Shop {
  explicit Shop(const Config& config);
  // Stops the mail executor (a delivery under way finishes) before the use cases its tasks call
  // go away. Mails not sent yet wait in the outbox for the next start.
  ~Shop();
  Shop(const Shop&) = delete;
  Shop& operator=(const Shop&) = delete;

  // Applies pending migrations; answers the schema version.
  int migrate();
  http::Api api();

  // Called once the server listens on `port` and before it serves: settles the public URL
  // (when it is not configured) and installs the sandbox payment provider, which needs the
  // server's own address for its webhooks.
  void listening_on(unsigned short port);

  // The periodic chores: unpaid orders and deposits expire, idempotency keys past their day
  // are forgotten. Logs what it did; never throws.
  void housekeeping();

  // Queues the mails of support tickets stored before the mail outbox that had not gone out.
  // Called once the server listens (the confirmations link to the public URL). Never throws.
  void queue_unsent_support_mail();

  const Config& config;
  // Pools of their own for expensive work; they outlive the server that queues on them.
  concurrency::BoundedThreadPool password_work;
  concurrency::BoundedThreadPool render_work;
  concurrency::BoundedThreadPool generation_work;
  // The mail outbox is sent here, never on an API worker or an I/O thread.
  concurrency::BoundedThreadPool mail_work;
  // Draws the sample catalogue on the first start, one task per picture.
  concurrency::BoundedThreadPool seeding_work;
  // Pure computation (Argon2, drawing pictures) at the idle priority: it takes only CPU time
  // nothing else wants, so it never delays cheap reads. The pools above keep their database
  // work, and its locks, on their own threads and wait here for the computation alone.
  concurrency::BoundedThreadPool hashing_work;
  concurrency::BoundedThreadPool drawing_work;
  SystemClock clock;
  crypto::OpenSslRandomSource random;
  crypto::Sha256TokenHasher digests;
  // Keeps a refresh token's successor through the grace period, openable with that token only.
  crypto::AesGcmRefreshSuccessorSealer successor_sealer;
  // Secrets at rest (docs/security.md): reset codes are kept as HMACs, gift-card numbers
  // sealed and looked up by HMAC, under keys that are not in the database.
  crypto::HmacTokenHasher reset_code_digests;
  crypto::GiftCardKeys gift_card_keys;
  crypto::AesGcmGiftCardNumberCipher gift_card_cipher;
  crypto::HmacTokenHasher gift_card_digests;
  std::unique_ptr<Database> database;  // SQLite or PostgreSQL (config.database_url)
  // The database's transactions, nudging the mail chore after each commit that queued mail.
  MailNudgingUnitOfWork transactions;
  // The catalogue visitors browse, in memory, answered on the I/O threads: it never waits
  // for the database longer than a version lookup.
  sql::SqlCatalogueReadModel& catalogue;
  InlineExecutor catalogue_work;
  crypto::Argon2PasswordHasher argon2;
  concurrency::OffloadedPasswordHasher hasher;  // argon2 on hashing_work
  unicode::IcuTextNormaliser text;
  Credentials credentials;  // hasher, with passwords and e-mails normalized by text
  crypto::HmacJwtAccessTokenCodec tokens;
  // Delivers at once and throws on failure: the outbox keeps a mail until it went out. Called
  // on mail_work only, by deliver_mail.
  std::unique_ptr<Mailer> mail_transport;
  CommonPasswords common_passwords;
  std::unique_ptr<ExchangeRateSource> rate_source;
  // The rate source when the rates are fetched and shared (rates_source = ecb), to be ticked.
  SharedRateSource* shared_rates;
  // Draws the catalogue and redraws bought pictures at their size: only the built-in generator
  // reproduces a picture from its recipe.
  imagegen::ProceduralImageGenerator procedural;
  concurrency::OffloadedImageGenerator generator;  // procedural on drawing_work
  media::VipsImageProcessor processor;
  // Draws what shoppers ask for on the Generate page: built in, or a remote service.
  std::unique_ptr<ImageGenerator> shopper_service;
  concurrency::OffloadedImageGenerator shopper_generator;  // shopper_service on drawing_work
  // Folders of the data folder, or prefixes of a bucket several servers share (blob_stores.hpp).
  std::unique_ptr<BlobStore> public_media;
  std::unique_ptr<BlobStore> originals;
  std::string public_url;    // config.public_url until listening_on settles it
  PaymentProvider payments;  // Stripe at once, the sandbox in listening_on

  // Chores that run on one server of the shop at a time (housekeeping, seeding, mail).
  ChoreLeases chores;
  DeliverMail deliver_mail;
  MailMetrics mail_metrics;
  MailChore mail_chore;

  SessionIssuer issuer;
  RegisterAccount register_account;
  LogIn log_in;
  RefreshSession refresh_session;
  LogOut log_out;
  RequestPasswordReset request_password_reset;
  ResetPassword reset_password;
  ChangePassword change_password;
  GetProfile get_profile;
  UpdateProfile update_profile;
  UpdateBilling update_billing;
  Authenticate authenticate;

  BrowseOffers browse_offers;
  LatestOffers latest_offers;
  GetOffer get_offer;
  ListCategories list_categories;
  SeedCatalogue seed_catalogue;
  ImportPicture import_picture;

  FulfilPaidOrder fulfil_paid_order;
  PlaceOrder place_order;
  ListOrders list_orders;
  GetOrder get_order;
  GetBalance get_balance;
  StartDeposit start_deposit;
  GetDeposit get_deposit;
  RedeemGiftCard redeem_gift_card;
  ListArtworks list_artworks;
  DownloadArtwork download_artwork;
  HandlePaymentEvent handle_payment_event;
  ReceivePaymentWebhook receive_payment_webhook;
  ExpireUnpaidOrders expire_unpaid_orders;
  IdempotencyKeys idempotency_keys;

  GenerateImages generate_images;
  ListGeneratedImages list_generated_images;
  GetGenerationAllowance get_generation_allowance;
  DownloadGeneratedImage download_generated_image;

  CreateSupportTicket create_support_ticket;
  QueueUnsentSupportMail queue_unsent_mail;

 private:
  PasswordServices password_services();
  SupportMailing support_mailing();
};

}  // namespace artshop::app
