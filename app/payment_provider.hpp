#pragma once

#include <memory>
#include <string>

#include "artshop/core/orders/payment_gateway.hpp"
#include "artshop/payments/sandbox_gateway.hpp"

namespace artshop::app {

// The configured payment gateway behind one stable reference, so that the use cases and the
// routes can be built before it exists: the sandbox needs the server's own address for its
// webhooks, and with port 0 that is known only once the listener is bound. Installed once,
// before serving; read-only afterwards, so thread-safe from then on.
class PaymentProvider final : public PaymentGateway {
 public:
  void install(std::unique_ptr<PaymentGateway> gateway);
  void install(std::unique_ptr<payments::SandboxGateway> sandbox);
  bool installed() const noexcept { return gateway_ != nullptr; }

  // The sandbox, whose pages the app serves; nullptr with another provider.
  payments::SandboxGateway* sandbox() const noexcept { return sandbox_; }

  Checkout create_checkout(const CheckoutRequest& request) override;
  std::string_view signature_header() const override;
  std::expected<PaymentEvent, WebhookError> parse_webhook(
      std::string_view body, std::string_view signature_header,
      std::chrono::system_clock::time_point now) override;
  ProviderRefundAnswer refund(const ProviderRefundRequest& request) override;

 private:
  PaymentGateway& gateway() const;

  std::unique_ptr<PaymentGateway> gateway_;
  payments::SandboxGateway* sandbox_ = nullptr;
};

// The address the server reaches itself at: the loopback address for a wildcard host, an IPv6
// literal in brackets. "http://127.0.0.1:8080" for 0.0.0.0 and 8080.
std::string own_url(std::string_view host, unsigned short port);

}  // namespace artshop::app
