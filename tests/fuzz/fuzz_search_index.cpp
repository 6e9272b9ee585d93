// The catalogue search index as a catalogue file keeps it (SearchIndex::read): whatever the
// bytes, reading them must not crash, and an index they are read into must answer every call
// within its arrays and write back exactly the bytes it was read from.
#include <cstdint>
#include <string>

#include "artshop/core/catalogue/search_analyser.hpp"
#include "artshop/core/catalogue/search_index.hpp"
#include "fuzz/fuzz_input.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace artshop;
  const auto bytes = fuzz::as_text(data, size);
  const auto index = SearchIndex::read(bytes);
  if (!index) return 0;
  std::string written;
  index->write([&written](std::string_view stretch) { written += stretch; });
  fuzz::require(written == bytes, "an index read writes back the bytes it was read from");
  const auto& analyser = plain_search_analyser();
  for (const auto* query : {"owl", "ow", "golden tower", "towre", "\"owl\" blu", "wofl"}) {
    index->search(query, analyser);
    index->did_you_mean(query, analyser);
    index->complete(query, analyser);
  }
  index->complete_tags("o", 8);
  index->offers_tagged("owl");
  return 0;
}
