#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <chrono>
#include <future>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "artshop/mail/background_mailer.hpp"

namespace artshop::mail {
namespace {

using namespace std::chrono_literals;
using ::testing::ElementsAre;

// What the fake inner mailer saw; shared so tests can look after the mailer is gone.
struct Deliveries {
  std::mutex mutex;
  std::vector<std::string> subjects;

  std::vector<std::string> seen() {
    std::lock_guard lock(mutex);
    return subjects;
  }
};

// Records subjects; fails on the subject "fail"; waits for `gate` (when given) before the
// first one; holds every delivery for `hold`, as a slow mail server would.
class FakeMailer final : public Mailer {
 public:
  explicit FakeMailer(std::shared_ptr<Deliveries> deliveries, std::shared_future<void> gate = {},
                      std::chrono::milliseconds hold = 0ms)
      : deliveries_(std::move(deliveries)), gate_(std::move(gate)), hold_(hold) {}

  void send(const EmailMessage& message) override {
    if (gate_.valid()) gate_.wait();
    // The slow server holds its answer on purpose: only the drain timeout test sets a hold.
    if (hold_ > 0ms) std::this_thread::sleep_for(hold_);
    if (message.subject == "fail") throw std::runtime_error("SMTP server said no");
    std::lock_guard lock(deliveries_->mutex);
    deliveries_->subjects.push_back(message.subject);
  }

 private:
  std::shared_ptr<Deliveries> deliveries_;
  std::shared_future<void> gate_;
  std::chrono::milliseconds hold_;
};

EmailMessage mail(std::string subject) {
  return {.to = "customer@example.com", .subject = std::move(subject), .text_body = "secret"};
}

TEST(BackgroundMailer, Send_ReturnsBeforeTheInnerMailerHasSent) {
  auto deliveries = std::make_shared<Deliveries>();
  std::promise<void> open_gate;
  BackgroundMailer mailer(std::make_unique<FakeMailer>(deliveries, open_gate.get_future().share()));

  mailer.send(mail("reset"));  // would hang here if it waited for the inner mailer
  EXPECT_TRUE(deliveries->seen().empty());

  open_gate.set_value();
  mailer.flush();
  EXPECT_THAT(deliveries->seen(), ElementsAre("reset"));
}

TEST(BackgroundMailer, Flush_WaitsForEveryMessageInSendingOrder) {
  auto deliveries = std::make_shared<Deliveries>();
  std::promise<void> open_gate;
  BackgroundMailer mailer(std::make_unique<FakeMailer>(deliveries, open_gate.get_future().share()));

  for (const char* subject : {"one", "two", "three"}) mailer.send(mail(subject));
  open_gate.set_value();  // all three are queued, none delivered
  mailer.flush();

  EXPECT_THAT(deliveries->seen(), ElementsAre("one", "two", "three"));
}

TEST(BackgroundMailer, FailingInnerMailer_IsLoggedAndLaterMessagesStillGo) {
  auto deliveries = std::make_shared<Deliveries>();
  BackgroundMailer mailer(std::make_unique<FakeMailer>(deliveries));

  EXPECT_NO_THROW(mailer.send(mail("fail")));
  mailer.send(mail("after the failure"));
  mailer.flush();

  EXPECT_THAT(deliveries->seen(), ElementsAre("after the failure"));
}

TEST(BackgroundMailer, Destruction_DeliversWhatIsStillQueued) {
  auto deliveries = std::make_shared<Deliveries>();
  std::promise<void> open_gate;
  {
    BackgroundMailer mailer(
        std::make_unique<FakeMailer>(deliveries, open_gate.get_future().share()));
    for (const char* subject : {"a", "b", "c", "d"}) mailer.send(mail(subject));
    open_gate.set_value();  // all four are still queued when the mailer goes
  }
  EXPECT_THAT(deliveries->seen(), ElementsAre("a", "b", "c", "d"));
}

TEST(BackgroundMailer, Destruction_GivesUpOnTheQueueAfterTheDrainTimeout) {
  auto deliveries = std::make_shared<Deliveries>();
  {
    BackgroundMailer mailer(
        std::make_unique<FakeMailer>(deliveries, std::shared_future<void>{}, 100ms), 150ms);
    for (int i = 0; i < 20; ++i) mailer.send(mail("slow"));
  }
  // Delivering all 20 would take 2 s; giving up after 150 ms leaves most of them undelivered.
  EXPECT_GE(deliveries->seen().size(), 1U);
  EXPECT_LT(deliveries->seen().size(), 20U);
}

TEST(BackgroundMailer, WithoutAnInnerMailer_IsRefused) {
  EXPECT_THROW(BackgroundMailer(nullptr), std::invalid_argument);
}

}  // namespace
}  // namespace artshop::mail
