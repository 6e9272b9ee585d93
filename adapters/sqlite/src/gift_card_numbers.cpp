#include "artshop/sqlite/gift_card_numbers.hpp"

#include "artshop/sql/gift_card_numbers.hpp"
#include "artshop/sqlite/transaction.hpp"

namespace artshop::sqlite {

int protect_gift_card_numbers(Connection& connection, const GiftCardNumberCipher& cipher,
                              const TokenHasher& lookup) {
  sql::Resealed resealed;
  {
    Transaction transaction(connection, Transaction::Kind::Immediate);
    // Overwritten and deleted content is zeroed, not left behind in the file.
    connection.execute("PRAGMA secure_delete = ON;");
    resealed = sql::reseal_gift_card_numbers(connection, cipher, lookup);
    transaction.commit();
  }
  connection.execute("PRAGMA secure_delete = OFF;");
  if (resealed.plain_text_found) connection.execute("VACUUM; PRAGMA wal_checkpoint(TRUNCATE);");
  return resealed.cards;
}

}  // namespace artshop::sqlite
