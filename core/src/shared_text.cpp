#include "artshop/core/shared_text.hpp"

#include <atomic>
#include <cstring>
#include <new>
#include <ostream>
#include <stdexcept>

namespace artshop {

// One allocation: the count, the length, then the characters.
struct SharedText::Block {
  std::atomic<std::uint32_t> references;
  std::uint32_t length;
  char* characters() noexcept { return reinterpret_cast<char*>(this + 1); }
};

SharedText::SharedText(std::string_view text) {
  if (text.empty()) return;
  if (text.size() > UINT32_MAX) throw std::length_error("SharedText: text too long");
  void* memory = ::operator new(sizeof(Block) + text.size());
  block_ = new (memory) Block{.references = 1, .length = static_cast<std::uint32_t>(text.size())};
  std::memcpy(block_->characters(), text.data(), text.size());
}

SharedText::SharedText(const SharedText& other) noexcept : block_(other.block_) {
  if (block_ != nullptr) block_->references.fetch_add(1, std::memory_order_relaxed);
}

SharedText& SharedText::operator=(const SharedText& other) noexcept {
  SharedText copy(other);
  std::swap(block_, copy.block_);
  return *this;
}

SharedText& SharedText::operator=(SharedText&& other) noexcept {
  std::swap(block_, other.block_);
  return *this;
}

SharedText::~SharedText() {
  if (block_ != nullptr && block_->references.fetch_sub(1, std::memory_order_acq_rel) == 1) {
    block_->~Block();
    ::operator delete(block_);
  }
}

std::string_view SharedText::view() const noexcept {
  if (block_ == nullptr) return {};
  return {block_->characters(), block_->length};
}

std::size_t SharedText::block_bytes(std::size_t length) noexcept {
  return length == 0 ? 0 : sizeof(Block) + length;
}

std::ostream& operator<<(std::ostream& out, const SharedText& text) {
  return out << text.view();
}

}  // namespace artshop
