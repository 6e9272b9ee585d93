#include "contract/store_contract.hpp"

#include <stdexcept>

namespace artshop::contract {

UserId StoreContract::add_account(std::string_view email) {
  const auto id =
      write([&](Repositories& repos) { return repos.accounts.insert(email, "hash", kNow); });
  if (!id) throw std::logic_error("the e-mail of a seeded account is taken");
  return *id;
}

OfferId StoreContract::add_offer(const Offer& offer) {
  const auto id = write([&](Repositories& repos) {
    repos.offers.upsert_category({.url_name = offer.category, .title = offer.category});
    return repos.offers.insert(offer);
  });
  if (!id) throw std::logic_error("the urlName of a seeded offer is taken");
  return *id;
}

OrderId insert_order(Repositories& repos, Order order) {
  order.payment.id = repos.payments.insert(order.payment);
  return repos.orders.insert(order);
}

OrderId StoreContract::add_order(const Order& order) {
  return write([&](Repositories& repos) { return insert_order(repos, order); });
}

PaymentId StoreContract::add_payment(const Payment& payment) {
  return write([&](Repositories& repos) { return repos.payments.insert(payment); });
}

Offer StoreContract::an_offer(std::string url_name, sys_seconds created_at,
                              std::int64_t price_eur_cents, Licence licence) {
  Offer offer;
  offer.title = "Title of " + url_name;
  offer.url_name = std::move(url_name);
  offer.description = "A harbour at dawn";
  offer.category = "landscapes";
  offer.style = ArtStyle::Watercolor;
  offer.orientation = Orientation::Horizontal;
  offer.aspect_ratio = AspectRatio::R3x2;
  offer.width = 3072;
  offer.height = 2048;
  offer.tags = {"harbour", "dawn"};
  offer.created_at = created_at;
  offer.attributes = {{.id = {},
                       .name = "HD",
                       .long_edge = 1920,
                       .licence = licence,
                       .price_eur_cents = price_eur_cents}};
  offer.images = {.thumbnail_webp = "aa/thumb.webp",
                  .thumbnail_jpeg = "aa/thumb.jpg",
                  .preview_webp = "bb/preview.webp",
                  .preview_jpeg = "bb/preview.jpg"};
  offer.source = {.prompt = "a harbour at dawn", .seed = 42, .original_key = ""};
  return offer;
}

Order StoreContract::an_order(UserId user, OfferId offer, std::string reference,
                              sys_seconds created_at) {
  Order order;
  auto& payment = order.payment;
  payment.purpose = PaymentPurpose::Order;
  payment.user = user;
  payment.currency = Currency::NOK;
  payment.rate = Rate{11'512'300};
  payment.amount_minor = 64'390;
  payment.first_name = "Ann";
  payment.last_name = "Example";
  payment.billing = {.country = "NO",
                     .state = "Oslo",
                     .city = "Oslo",
                     .address1 = "Karl Johans gate 1",
                     .zip_code = "0154"};
  payment.browser = {.javascript_enabled = false,
                     .accept_language = "nb-NO",
                     .screen_width = 1280,
                     .screen_height = 800,
                     .time_zone_offset = -60,
                     .user_agent = "Firefox"};
  payment.reference = std::move(reference);
  payment.status = PaymentStatus::Pending;
  payment.created_at = created_at;
  payment.expires_at = created_at + kPaymentWindow;
  order.lines = {{.offer = offer,
                  .attribute = AttributeId{7},
                  .title = "Harbour",
                  .size_name = "HD",
                  .long_edge = 1920,
                  .licence = Licence::Commercial,
                  .price_minor = 14'390,
                  .price_eur_cents = 1'250}};
  order.gift_cards = {{.amount_minor = 50'000}};
  order.pay_by_balance = true;
  return order;
}

Payment StoreContract::a_deposit(UserId user, std::string reference, sys_seconds created_at) {
  Payment deposit;
  deposit.purpose = PaymentPurpose::Deposit;
  deposit.user = user;
  deposit.currency = Currency::GBP;
  deposit.rate = Rate{857'000};
  deposit.amount_minor = 2'500;
  deposit.first_name = "Ann";
  deposit.last_name = "Example";
  deposit.billing = {.country = "GB",
                     .state = "",
                     .city = "London",
                     .address1 = "1 Strand",
                     .zip_code = "WC2N 5HR"};
  deposit.browser = {.javascript_enabled = true,
                     .accept_language = "en-GB",
                     .screen_width = 390,
                     .screen_height = 844,
                     .time_zone_offset = 0,
                     .user_agent = "Safari"};
  deposit.reference = std::move(reference);
  deposit.status = PaymentStatus::Pending;
  deposit.created_at = created_at;
  deposit.expires_at = created_at + kPaymentWindow;
  return deposit;
}

}  // namespace artshop::contract
