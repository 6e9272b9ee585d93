#include "unit/fakes/in_memory_store.hpp"

#include "contract/store_contract.hpp"

namespace artshop::contract {
namespace {

// The fakes the core's unit tests run on: they must keep the same promises as the database.
class InMemoryStore final : public Store {
 public:
  UnitOfWork& transactions() override { return transactions_; }

 private:
  fakes::InMemoryUnitOfWork transactions_;
};

const Backend kInMemory{.name = "InMemory",
                        .open = [] { return std::make_unique<InMemoryStore>(); }};

}  // namespace

ARTSHOP_STORE_CONTRACTS(InMemory, kInMemory);

}  // namespace artshop::contract
