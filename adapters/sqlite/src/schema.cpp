#include <array>

#include "artshop/sqlite/migrations.hpp"

namespace artshop::sqlite {
namespace {

// Each feature appends its migrations here; never edit one that has shipped.
constexpr std::array<Migration, 1> kSchema{{
    {1, "settings",
     R"sql(
CREATE TABLE settings (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
) STRICT;
)sql"},
}};

}  // namespace

std::span<const Migration> artshop_schema() { return kSchema; }

}  // namespace artshop::sqlite
