#pragma once

#include <future>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

#include "artshop/core/accounts/ports.hpp"
#include "artshop/core/ports/executor.hpp"
#include "artshop/core/ports/image_generator.hpp"

namespace artshop::concurrency {

// Runs `work` on `executor` and waits for it: its result, or its exception thrown here. For
// computation that must run on threads of another priority than the caller's (the caller keeps
// its database work on its own thread). Throws std::runtime_error when the executor refuses:
// executors given to this are sized so that they never do.
template <class Work>
std::invoke_result_t<Work&> run_and_wait(Executor& executor, Work work) {
  using Result = std::invoke_result_t<Work&>;
  auto done = std::make_shared<std::promise<Result>>();
  auto result = done->get_future();
  const bool queued = executor.try_submit([done, work = std::move(work)]() mutable {
    try {
      if constexpr (std::is_void_v<Result>) {
        work();
        done->set_value();
      } else {
        done->set_value(work());
      }
    } catch (...) {
      done->set_exception(std::current_exception());
    }
  });
  if (!queued) throw std::runtime_error("an executor refused work it was sized for");
  return result.get();
}

// Argon2 on threads of its own (the app gives them the idle priority), for callers that keep
// their transactions on their own threads.
class OffloadedPasswordHasher final : public PasswordHasher {
 public:
  OffloadedPasswordHasher(const PasswordHasher& hasher, Executor& hashing) noexcept
      : hasher_(hasher), hashing_(hashing) {}

  std::string hash(std::string_view password) const override {
    return run_and_wait(hashing_, [&] { return hasher_.hash(password); });
  }
  bool verify(std::string_view password, std::string_view stored_hash) const override {
    return run_and_wait(hashing_, [&] { return hasher_.verify(password, stored_hash); });
  }
  bool needs_rehash(std::string_view stored_hash) const override {
    return hasher_.needs_rehash(stored_hash);  // reads the settings: cheap
  }

 private:
  const PasswordHasher& hasher_;
  Executor& hashing_;
};

// A generator's drawing on threads of its own (the app gives them the idle priority); rows
// handed on as they are drawn are encoded there too.
class OffloadedImageGenerator final : public ImageGenerator {
 public:
  OffloadedImageGenerator(ImageGenerator& generator, Executor& drawing) noexcept
      : generator_(generator), drawing_(drawing) {}

  Image generate(const GenerationRequest& request) override {
    return run_and_wait(drawing_, [&] { return generator_.generate(request); });
  }
  void generate_rows(const GenerationRequest& request, PictureRows& out) override {
    run_and_wait(drawing_, [&] { generator_.generate_rows(request, out); });
  }
  GenerationBatch generate_batch(const GenerationRequest& first, int count) override {
    return run_and_wait(drawing_, [&] { return generator_.generate_batch(first, count); });
  }

 private:
  ImageGenerator& generator_;
  Executor& drawing_;
};

}  // namespace artshop::concurrency
