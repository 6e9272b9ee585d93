#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <chrono>
#include <cstdint>
#include <functional>
#include <future>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "artshop/core/codec/base64.hpp"
#include "artshop/imagegen/remote_image_generators.hpp"
#include "artshop/media/vips_image_processor.hpp"
#include "payments_test_support.hpp"

namespace artshop::imagegen {
namespace {

namespace json = boost::json;
using payments::test_support::CannedAnswer;
using payments::test_support::LoopbackHttpServer;
using payments::test_support::RecordedRequest;

media::VipsImageProcessor& processor() {
  static media::VipsImageProcessor instance;
  return instance;
}

// A small PNG of one colour, in standard padded base64 as the services send it.
std::string png_base64(int width, int height, std::uint8_t red) {
  Image image{width, height, {}};
  for (int i = 0; i < width * height; ++i) image.rgb.insert(image.rgb.end(), {red, 40, 200});
  return base64::encode(processor().encode_png(image).bytes);
}

// What each service is asked and how it answers: the tests below run against both.
struct Service {
  std::string name;
  std::string path;
  std::function<std::unique_ptr<ImageGenerator>(RemoteGeneratorSettings)> make;
  std::function<std::string(const std::vector<std::string>&)> answer;  // from base64 PNGs
};

std::vector<Service> services() {
  return {
      {"Automatic1111", "/sdapi/v1/txt2img",
       [](RemoteGeneratorSettings settings) -> std::unique_ptr<ImageGenerator> {
         return std::make_unique<Automatic1111ImageGenerator>(std::move(settings), processor());
       },
       [](const std::vector<std::string>& images) {
         json::array list;
         for (const auto& image : images) list.emplace_back(image);
         return json::serialize(json::object{{"images", list}, {"info", "{}"}});
       }},
      {"OpenAi", "/v1/images/generations",
       [](RemoteGeneratorSettings settings) -> std::unique_ptr<ImageGenerator> {
         return std::make_unique<OpenAiImageGenerator>(std::move(settings), processor());
       },
       [](const std::vector<std::string>& images) {
         json::array data;
         for (const auto& image : images) data.emplace_back(json::object{{"b64_json", image}});
         return json::serialize(json::object{{"created", 1}, {"data", data}});
       }},
  };
}

const GenerationRequest kHarbour{.prompt = "a harbour at dawn",
                                 .style = ArtStyle::Watercolor,
                                 .aspect_ratio = AspectRatio::R3x2,
                                 .seed = 41,
                                 .long_edge = 1024};

class ImagegenRemote : public ::testing::TestWithParam<Service> {
 protected:
  const Service& service() const { return GetParam(); }

  // A fake service answering every request with `answer`, and a generator pointed at it.
  void serve(LoopbackHttpServer::Responder answer,
             std::chrono::milliseconds timeout = std::chrono::seconds{20}) {
    server_ = std::make_unique<LoopbackHttpServer>(std::move(answer));
    generator_ = service().make({.base_url = server_->url("/"),
                                 .api_key = "sk-test-secret",
                                 .model = "dall-e-3",
                                 .timeout = timeout});
  }
  void serve_images(std::vector<std::string> images) {
    serve([this, images](const RecordedRequest&) {
      return CannedAnswer{200, service().answer(images)};
    });
  }

  ImageGenerator& generator() { return *generator_; }
  RecordedRequest only_request() {
    const auto requests = server_->wait_for(1);
    EXPECT_EQ(requests.size(), 1U);
    return requests.empty() ? RecordedRequest{} : requests.front();
  }

  std::unique_ptr<LoopbackHttpServer> server_;
  std::unique_ptr<ImageGenerator> generator_;
};

TEST_P(ImagegenRemote, ABatchOfFourComesBackDecodedInSeedOrderFromOneCall) {
  serve_images({png_base64(64, 48, 10), png_base64(64, 48, 20), png_base64(64, 48, 30),
                png_base64(64, 48, 40)});
  const GenerationBatch batch = generator().generate_batch(kHarbour, 4);
  EXPECT_EQ(batch.shortfall, "");
  ASSERT_EQ(batch.pictures.size(), 4U);
  for (std::size_t i = 0; i < 4; ++i) {
    const GeneratedPicture& picture = batch.pictures[i];
    EXPECT_EQ(picture.seed, 41U + i);
    // The size the service drew, not the size asked for.
    EXPECT_EQ(picture.image.width, 64);
    EXPECT_EQ(picture.image.height, 48);
    ASSERT_EQ(picture.image.rgb.size(), 64U * 48U * 3U);
    EXPECT_EQ(picture.image.rgb[0], 10 * (i + 1));
    EXPECT_EQ(picture.image.rgb[2], 200);
  }
  EXPECT_EQ(server_->received().size(), 1U);
}

TEST_P(ImagegenRemote, GenerateIsABatchOfOne) {
  serve_images({png_base64(32, 32, 99)});
  const Image image = generator().generate(kHarbour);
  EXPECT_EQ(image.width, 32);
  EXPECT_EQ(image.rgb[0], 99);
}

TEST_P(ImagegenRemote, FewerPicturesThanAskedAreKeptAndTheShortfallSaysHowMany) {
  serve_images({png_base64(16, 16, 1), png_base64(16, 16, 2)});
  const GenerationBatch batch = generator().generate_batch(kHarbour, 3);
  ASSERT_EQ(batch.pictures.size(), 2U);
  EXPECT_EQ(batch.pictures[1].seed, 42U);
  EXPECT_EQ(batch.shortfall, "the image service made 2 of the 3 pictures asked for");
}

TEST_P(ImagegenRemote, AnHttpErrorIsAShortfallNotAnException) {
  serve([](const RecordedRequest&) {
    return CannedAnswer{500, R"({"error":{"message":"CUDA out of memory"}})"};
  });
  const GenerationBatch batch = generator().generate_batch(kHarbour, 2);
  EXPECT_TRUE(batch.pictures.empty());
  EXPECT_EQ(batch.shortfall, "the image service answered HTTP 500");
  try {
    generator().generate(kHarbour);
    ADD_FAILURE() << "generate() draws nothing, so it throws";
  } catch (const std::runtime_error& error) {
    EXPECT_EQ(std::string(error.what()), "the image service answered HTTP 500");
  }
}

TEST_P(ImagegenRemote, AServiceThatDoesNotAnswerInTimeIsAShortfallNamingTheTimeout) {
  std::promise<void> release;
  std::shared_future<void> released = release.get_future().share();
  serve(
      [released](const RecordedRequest&) {
        released.wait_for(std::chrono::seconds{20});  // held until the client has given up
        return CannedAnswer{200, R"({"images":[],"data":[]})"};
      },
      std::chrono::milliseconds{300});
  const GenerationBatch batch = generator().generate_batch(kHarbour, 1);
  release.set_value();
  EXPECT_TRUE(batch.pictures.empty());
  EXPECT_EQ(batch.shortfall, "the image service did not answer within 0.3 s");
}

TEST_P(ImagegenRemote, AnAnswerThatIsNotJsonIsAShortfall) {
  serve([](const RecordedRequest&) { return CannedAnswer{200, "<html>Bad gateway</html>"}; });
  const GenerationBatch batch = generator().generate_batch(kHarbour, 1);
  EXPECT_TRUE(batch.pictures.empty());
  EXPECT_EQ(batch.shortfall, "the image service sent an answer the shop cannot read");
}

TEST_P(ImagegenRemote, EntriesThatAreNotPngPicturesAreLeftOutAndCounted) {
  const std::string gif = "R0lGODlhAQABAAAAACw=";  // "GIF89a..."
  serve_images({png_base64(16, 16, 7), gif, "not base64 at all!"});
  const GenerationBatch batch = generator().generate_batch(kHarbour, 3);
  ASSERT_EQ(batch.pictures.size(), 1U);
  EXPECT_EQ(batch.pictures[0].image.rgb[0], 7);
  EXPECT_EQ(batch.shortfall,
            "the image service sent 2 of the 3 pictures in a form the shop cannot read");
}

TEST_P(ImagegenRemote, AServiceThatCannotBeReachedIsAShortfallWithoutItsAddress) {
  std::string address;
  {
    const LoopbackHttpServer closed;  // a port that was free a moment ago
    address = closed.url("/");
  }
  const auto generator = service().make({.base_url = address, .api_key = "sk-test-secret"});
  const GenerationBatch batch = generator->generate_batch(kHarbour, 1);
  EXPECT_TRUE(batch.pictures.empty());
  EXPECT_EQ(batch.shortfall, "the image service could not be reached");
}

TEST_P(ImagegenRemote, ShortfallsNeverShowTheKeyOrTheAddress) {
  serve([](const RecordedRequest&) { return CannedAnswer{401, R"({"error":"sk-test-secret"})"}; });
  const GenerationBatch batch = generator().generate_batch(kHarbour, 1);
  EXPECT_EQ(batch.shortfall.find("sk-test"), std::string::npos);
  EXPECT_EQ(batch.shortfall.find("127.0.0.1"), std::string::npos);
  EXPECT_EQ(batch.shortfall, "the image service answered HTTP 401");
}

TEST_P(ImagegenRemote, RefusesBatchesItCannotAskFor) {
  serve_images({});
  EXPECT_THROW(generator().generate_batch(kHarbour, 0), std::invalid_argument);
  EXPECT_THROW(generator().generate_batch(kHarbour, 5), std::invalid_argument);
  GenerationRequest huge = kHarbour;
  huge.long_edge = 5000;
  EXPECT_THROW(generator().generate_batch(huge, 1), std::invalid_argument);
  EXPECT_TRUE(server_->received().empty());
}

INSTANTIATE_TEST_SUITE_P(BothServices, ImagegenRemote, ::testing::ValuesIn(services()),
                         [](const auto& param_info) { return param_info.param.name; });

json::object body_of(const RecordedRequest& request) {
  return json::parse(request.body).as_object();
}

class ImagegenRemoteRequest : public ::testing::Test {
 protected:
  LoopbackHttpServer server_{[](const RecordedRequest&) {
    return CannedAnswer{200, R"({"images":[],"data":[]})"};
  }};
};

TEST_F(ImagegenRemoteRequest, Automatic1111IsAskedForTheSeedBatchAndExactSize) {
  Automatic1111ImageGenerator generator({.base_url = server_.url("/"), .api_key = ""}, processor());
  static_cast<void>(generator.generate_batch(kHarbour, 3));
  const auto requests = server_.wait_for(1);
  ASSERT_EQ(requests.size(), 1U);
  const RecordedRequest& request = requests.front();
  EXPECT_EQ(request.method, "POST");
  EXPECT_EQ(request.target, "/sdapi/v1/txt2img");
  EXPECT_EQ(request.header("content-type"), "application/json");
  EXPECT_EQ(request.header("authorization"), "") << "no key, no header";
  const json::object body = body_of(request);
  const std::string prompt(body.at("prompt").as_string());
  EXPECT_TRUE(prompt.starts_with("a harbour at dawn, ")) << prompt;
  EXPECT_NE(prompt.find("watercolour"), std::string::npos) << prompt;
  EXPECT_FALSE(body.at("negative_prompt").as_string().empty());
  EXPECT_EQ(body.at("seed").to_number<std::int64_t>(), 41);
  EXPECT_EQ(body.at("batch_size").to_number<int>(), 3);
  EXPECT_EQ(body.at("width").to_number<int>(), 1024);
  EXPECT_EQ(body.at("height").to_number<int>(), 683);
}

TEST_F(ImagegenRemoteRequest, Automatic1111SendsTheKeyWhenOneIsSetAndTheSeedModulo2To32) {
  Automatic1111ImageGenerator generator(
      {.base_url = server_.url("") + "/", .api_key = "webui-token"}, processor());
  GenerationRequest request = kHarbour;
  request.seed = (std::uint64_t{1} << 32U) + 5;
  request.style = ArtStyle::None;
  static_cast<void>(generator.generate_batch(request, 1));
  const auto requests = server_.wait_for(1);
  ASSERT_EQ(requests.size(), 1U);
  EXPECT_EQ(requests.front().target, "/sdapi/v1/txt2img") << "one slash between base and path";
  EXPECT_EQ(requests.front().header("authorization"), "Bearer webui-token");
  const json::object body = body_of(requests.front());
  EXPECT_EQ(body.at("seed").to_number<std::int64_t>(), 5);
  EXPECT_EQ(body.at("prompt").as_string(), "a harbour at dawn") << "no phrase for no style";
}

TEST_F(ImagegenRemoteRequest, OpenAiIsAskedWithTheModelCountSizeAndKey) {
  OpenAiImageGenerator generator(
      {.base_url = server_.url(""), .api_key = "sk-test-secret", .model = "gpt-image-1"},
      processor());
  GenerationRequest request = kHarbour;
  request.aspect_ratio = AspectRatio::R9x16;
  request.style = ArtStyle::Impressionism;
  static_cast<void>(generator.generate_batch(request, 2));
  const auto requests = server_.wait_for(1);
  ASSERT_EQ(requests.size(), 1U);
  EXPECT_EQ(requests.front().target, "/v1/images/generations");
  EXPECT_EQ(requests.front().header("authorization"), "Bearer sk-test-secret");
  const json::object body = body_of(requests.front());
  EXPECT_EQ(body.at("model").as_string(), "gpt-image-1");
  EXPECT_EQ(body.at("n").to_number<int>(), 2);
  EXPECT_EQ(body.at("size").as_string(), "576x1024");
  EXPECT_EQ(body.at("response_format").as_string(), "b64_json");
  const std::string prompt(body.at("prompt").as_string());
  EXPECT_TRUE(prompt.starts_with("a harbour at dawn, impressionist")) << prompt;
}

}  // namespace
}  // namespace artshop::imagegen
