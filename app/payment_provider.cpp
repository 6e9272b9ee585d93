#include "payment_provider.hpp"

#include <fmt/format.h>

#include <stdexcept>

namespace artshop::app {

void PaymentProvider::install(std::unique_ptr<PaymentGateway> gateway) {
  if (gateway_) throw std::logic_error("the payment provider is installed already");
  gateway_ = std::move(gateway);
}

void PaymentProvider::install(std::unique_ptr<payments::SandboxGateway> sandbox) {
  auto* pages = sandbox.get();
  install(std::unique_ptr<PaymentGateway>(std::move(sandbox)));
  sandbox_ = pages;
}

PaymentGateway& PaymentProvider::gateway() const {
  if (!gateway_) throw std::logic_error("payments are used before the provider is installed");
  return *gateway_;
}

Checkout PaymentProvider::create_checkout(const CheckoutRequest& request) {
  return gateway().create_checkout(request);
}

std::string_view PaymentProvider::signature_header() const {
  return gateway().signature_header();
}

std::expected<PaymentEvent, WebhookError> PaymentProvider::parse_webhook(
    std::string_view body, std::string_view signature_header,
    std::chrono::system_clock::time_point now) {
  return gateway().parse_webhook(body, signature_header, now);
}

ProviderRefundAnswer PaymentProvider::refund(const ProviderRefundRequest& request) {
  return gateway().refund(request);
}

std::string own_url(std::string_view host, unsigned short port) {
  std::string address(host);
  if (address.empty() || address == "0.0.0.0") {
    address = "127.0.0.1";
  } else if (address == "::" || address == "[::]") {
    address = "[::1]";
  } else if (address.find(':') != std::string::npos && !address.starts_with('[')) {
    address = "[" + address + "]";
  }
  return fmt::format("http://{}:{}", address, port);
}

}  // namespace artshop::app
