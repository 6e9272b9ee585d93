#include <gtest/gtest.h>
#include <sys/stat.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "artshop/crypto/hmac_jwt_codec.hpp"
#include "artshop/crypto/signing_key_file.hpp"

namespace artshop::crypto {
namespace {

namespace fs = std::filesystem;

// A fresh directory per test, removed afterwards.
class CryptoSigningKeyFile : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = (fs::temp_directory_path() / "artshop-key-XXXXXX").string();
    ASSERT_NE(::mkdtemp(pattern.data()), nullptr);
    root = pattern;
    data_dir = root / "data";  // not there yet: first start creates it
  }
  void TearDown() override { fs::remove_all(root); }

  fs::path key_file() const { return data_dir / kSigningKeyFileName; }
  std::string read_key_file() const {
    std::ifstream in(key_file());
    std::ostringstream content;
    content << in.rdbuf();
    return content.str();
  }

  fs::path root;
  fs::path data_dir;
};

TEST_F(CryptoSigningKeyFile, FirstLoad_CreatesOwnerOnlyFileWith32RandomBytesAsHex) {
  const auto key = load_or_create_signing_key(data_dir);

  ASSERT_TRUE(fs::exists(key_file()));
  struct stat status {};
  ASSERT_EQ(::stat(key_file().c_str(), &status), 0);
  EXPECT_EQ(status.st_mode & 0777, 0600U);
  const auto content = read_key_file();
  EXPECT_EQ(content.size(), 65U);  // 64 hex digits and a newline
  EXPECT_EQ(content.find_first_not_of("0123456789abcdef\n"), std::string::npos);
  EXPECT_EQ(key.secret.size(), 32U);
  EXPECT_EQ(key.kid.size(), 16U);
  EXPECT_EQ(std::distance(fs::directory_iterator(data_dir), fs::directory_iterator()), 1)
      << "no temporary file is left behind";
}

TEST_F(CryptoSigningKeyFile, SecondLoad_ReusesTheKeySoTokensSurviveRestarts) {
  const auto first = load_or_create_signing_key(data_dir);
  const auto content = read_key_file();
  const auto second = load_or_create_signing_key(data_dir);
  EXPECT_EQ(second.secret, first.secret);
  EXPECT_EQ(second.kid, first.kid);
  EXPECT_EQ(read_key_file(), content);

  const auto now = std::chrono::floor<std::chrono::seconds>(std::chrono::system_clock::now());
  const HmacJwtAccessTokenCodec before_restart(JwtKeyring(first), {});
  const HmacJwtAccessTokenCodec after_restart(JwtKeyring(second), {});
  const auto token = before_restart.issue(AccessTokenClaims::for_user(UserId{5}, now));
  EXPECT_TRUE(after_restart.verify(token, now));
}

TEST_F(CryptoSigningKeyFile, TwoDataFolders_GetDifferentKeys) {
  const auto first = load_or_create_signing_key(data_dir);
  const auto second = load_or_create_signing_key(root / "other");
  EXPECT_NE(first.secret, second.secret);
  EXPECT_NE(first.kid, second.kid);
}

TEST_F(CryptoSigningKeyFile, Load_OfFileReadableByOthers_RefusesToStart) {
  load_or_create_signing_key(data_dir);
  fs::permissions(key_file(), fs::perms::owner_read | fs::perms::owner_write |
                                  fs::perms::group_read | fs::perms::others_read);
  EXPECT_THROW(load_or_create_signing_key(data_dir), std::runtime_error);
}

TEST_F(CryptoSigningKeyFile, Load_OfCorruptOrShortKey_RefusesRatherThanReplacingIt) {
  fs::create_directories(data_dir);
  for (const char* content : {"not hex at all\n", "abcd\n", ""}) {
    {
      std::ofstream out(key_file(), std::ios::trunc);
      out << content;
    }
    fs::permissions(key_file(), fs::perms::owner_read | fs::perms::owner_write);
    EXPECT_THROW(load_or_create_signing_key(data_dir), std::runtime_error) << content;
    EXPECT_EQ(read_key_file(), content);
  }
}

TEST_F(CryptoSigningKeyFile, Load_OfOperatorProvidedKey_AcceptsUpperCaseHex) {
  fs::create_directories(data_dir);
  {
    std::ofstream out(key_file());
    out << std::string(64, 'A') << "\r\n";
  }
  fs::permissions(key_file(), fs::perms::owner_read | fs::perms::owner_write);
  const auto key = load_or_create_signing_key(data_dir);
  EXPECT_EQ(key.secret, std::vector<std::byte>(32, std::byte{0xAA}));
}

}  // namespace
}  // namespace artshop::crypto
