#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <chrono>
#include <functional>
#include <future>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "artshop/concurrency/bounded_thread_pool.hpp"
#include "artshop/mail/background_mailer.hpp"
#include "support/eventually.hpp"

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

// Records subjects; fails on the subject "fail"; waits for `gate` (when given) before each
// delivery, as a mail server that has not answered yet.
class FakeMailer final : public Mailer {
 public:
  explicit FakeMailer(std::shared_ptr<Deliveries> deliveries, std::shared_future<void> gate = {})
      : deliveries_(std::move(deliveries)), gate_(std::move(gate)) {}

  void send(const EmailMessage& message) override {
    if (on_send) on_send();
    if (gate_.valid()) gate_.wait();
    if (message.subject == "fail") throw std::runtime_error("SMTP server said no");
    std::lock_guard lock(deliveries_->mutex);
    deliveries_->subjects.push_back(message.subject);
  }

  std::function<void()> on_send;

 private:
  std::shared_ptr<Deliveries> deliveries_;
  std::shared_future<void> gate_;
};

EmailMessage mail(std::string subject) {
  return {.to = "customer@example.com", .subject = std::move(subject), .text_body = "secret"};
}

// The shop's mail executor: one thread, so messages go out in the order they were sent.
class BackgroundMailerTest : public ::testing::Test {
 protected:
  // Even a test that stopped half-way lets the executor's thread go.
  ~BackgroundMailerTest() override {
    if (!gate_open) open_gate();
  }
  // The mail server answers from now on.
  void open_gate() {
    gate_open = true;
    answer.set_value();
  }
  bool delivering(const concurrency::BoundedThreadPool& pool) {
    return artshop::testing::eventually([&] { return pool.stats().running == 1; });
  }

  std::shared_ptr<Deliveries> deliveries = std::make_shared<Deliveries>();
  std::promise<void> answer;
  bool gate_open = false;
  std::shared_future<void> gate = answer.get_future().share();
  concurrency::BoundedThreadPool mail_work{"mail", 1, 8};
};

TEST_F(BackgroundMailerTest, Send_ReturnsBeforeTheInnerMailerHasSent) {
  BackgroundMailer mailer(std::make_unique<FakeMailer>(deliveries, gate), mail_work);

  mailer.send(mail("reset"));  // would hang here if it waited for the inner mailer
  EXPECT_TRUE(deliveries->seen().empty());

  open_gate();
  mailer.flush();
  EXPECT_THAT(deliveries->seen(), ElementsAre("reset"));
}

TEST_F(BackgroundMailerTest, Send_DeliversOnTheMailExecutorNotOnTheCallersThread) {
  std::thread::id delivered_on;
  auto recorder = std::make_unique<FakeMailer>(deliveries);
  recorder->on_send = [&] { delivered_on = std::this_thread::get_id(); };
  BackgroundMailer mailer(std::move(recorder), mail_work);

  mailer.send(mail("reset"));
  mailer.flush();

  EXPECT_NE(delivered_on, std::thread::id{});
  EXPECT_NE(delivered_on, std::this_thread::get_id());
}

TEST_F(BackgroundMailerTest, Flush_WaitsForEveryMessageInSendingOrder) {
  BackgroundMailer mailer(std::make_unique<FakeMailer>(deliveries, gate), mail_work);

  for (const char* subject : {"one", "two", "three"}) mailer.send(mail(subject));
  open_gate();  // all three are queued, none delivered
  mailer.flush();

  EXPECT_THAT(deliveries->seen(), ElementsAre("one", "two", "three"));
}

TEST_F(BackgroundMailerTest, FailingInnerMailer_IsLoggedAndLaterMessagesStillGo) {
  BackgroundMailer mailer(std::make_unique<FakeMailer>(deliveries), mail_work);

  EXPECT_NO_THROW(mailer.send(mail("fail")));
  mailer.send(mail("after the failure"));
  mailer.flush();

  EXPECT_THAT(deliveries->seen(), ElementsAre("after the failure"));
}

TEST_F(BackgroundMailerTest, WhenTheQueueIsFull_SendReturnsAtOnceAndTheQueuedOnesStillGo) {
  concurrency::BoundedThreadPool small_queue{"mail", 1, 1};
  BackgroundMailer mailer(std::make_unique<FakeMailer>(deliveries, gate), small_queue);

  mailer.send(mail("delivering"));  // held at the gate on the executor's thread
  ASSERT_TRUE(delivering(small_queue));
  mailer.send(mail("waiting"));  // fills the queue
  mailer.send(mail("dropped"));  // would hang here if a full queue blocked the sender
  EXPECT_EQ(small_queue.stats().refused, 1U);

  open_gate();
  mailer.flush();
  EXPECT_THAT(deliveries->seen(), ElementsAre("delivering", "waiting"));
}

TEST_F(BackgroundMailerTest, Destruction_DeliversWhatIsStillQueued) {
  {
    BackgroundMailer mailer(std::make_unique<FakeMailer>(deliveries, gate), mail_work);
    for (const char* subject : {"a", "b", "c", "d"}) mailer.send(mail(subject));
    open_gate();  // all four are still queued when the mailer goes
  }
  EXPECT_THAT(deliveries->seen(), ElementsAre("a", "b", "c", "d"));
}

TEST_F(BackgroundMailerTest, Destruction_GivesUpOnTheQueueAfterTheDrainTimeout) {
  {
    BackgroundMailer mailer(std::make_unique<FakeMailer>(deliveries, gate), mail_work, 50ms);
    for (int i = 0; i < 5; ++i) mailer.send(mail("stuck"));
    ASSERT_TRUE(delivering(mail_work));
  }  // the gate is still shut: the mail server never answered within the drain time
  open_gate();
  mail_work.stop();
  mail_work.join();
  // The delivery in progress finishes; the four behind it are skipped, not sent late.
  EXPECT_THAT(deliveries->seen(), ElementsAre("stuck"));
}

TEST_F(BackgroundMailerTest, WhenTheExecutorStops_FlushDoesNotWaitForDroppedMessages) {
  BackgroundMailer mailer(std::make_unique<FakeMailer>(deliveries, gate), mail_work);
  mailer.send(mail("delivering"));
  ASSERT_TRUE(delivering(mail_work));
  mailer.send(mail("queued"));

  mail_work.stop();  // drops "queued"
  open_gate();
  mailer.flush();  // would hang if the dropped message still counted

  EXPECT_THAT(deliveries->seen(), ElementsAre("delivering"));
}

TEST_F(BackgroundMailerTest, WithoutAnInnerMailer_IsRefused) {
  EXPECT_THROW(BackgroundMailer(nullptr, mail_work), std::invalid_argument);
}

}  // namespace
}  // namespace artshop::mail
