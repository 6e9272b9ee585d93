// The image side of the shop: drawing a generated picture (one per style, at the 1024-pixel
// default of POST /api/generated-images), encoding it, and turning a 2048-pixel original into
// the gallery's derivatives and a bought download. Wall-clock time, since libvips adds worker
// threads of its own; the "cpu_ms" counter adds the CPU time of every thread of the process
// per iteration, which stays meaningful on a busy machine.
#include <benchmark/benchmark.h>
#include <sys/resource.h>

#include <string>

#include "artshop/core/catalogue/art_style.hpp"
#include "artshop/imagegen/procedural_image_generator.hpp"
#include "artshop/media/vips_image_processor.hpp"

namespace {

using artshop::ArtStyle;
using artshop::AspectRatio;
using artshop::EncodedImage;
using artshop::ImageFormat;
using artshop::imagegen::ProceduralImageGenerator;
using artshop::media::VipsImageProcessor;

double process_cpu_ms() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  const auto ms = [](const timeval& t) {
    return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_usec) / 1e3;
  };
  return ms(usage.ru_utime) + ms(usage.ru_stime);
}

// Counts the CPU time of all threads from construction to destruction as "cpu_ms".
class CpuCounter {
 public:
  explicit CpuCounter(benchmark::State& state) : state_(state), start_(process_cpu_ms()) {}
  ~CpuCounter() {
    state_.counters["cpu_ms"] =
        benchmark::Counter(process_cpu_ms() - start_, benchmark::Counter::kAvgIterations);
  }
  CpuCounter(const CpuCounter&) = delete;
  CpuCounter& operator=(const CpuCounter&) = delete;

 private:
  benchmark::State& state_;
  double start_;
};

VipsImageProcessor& processor() {
  static VipsImageProcessor instance;
  return instance;
}

// A 2048 x 1365 photographic original, as PNG, made once.
const std::string& original() {
  static const std::string bytes = [] {
    ProceduralImageGenerator generator;
    return processor()
        .encode_png(generator.generate(
            {"a harbour at dawn", ArtStyle::Photorealism, AspectRatio::R3x2, 7, 2048}))
        .bytes;
  }();
  return bytes;
}

void Generate(benchmark::State& state, ArtStyle style, int long_edge) {
  ProceduralImageGenerator generator;
  std::uint64_t seed = 1;
  const CpuCounter cpu(state);
  for (auto _ : state) {
    benchmark::DoNotOptimize(generator.generate(
        {"a lighthouse on a cliff", style, AspectRatio::R1x1, seed++, long_edge}));
  }
}

// Registered at start-up, which is how Google Benchmark registers (BENCHMARK does the same).
// NOLINTNEXTLINE(cert-err58-cpp): a benchmark that cannot register cannot run either.
const bool kGenerateRegistered = [] {
  for (const ArtStyle style : artshop::kAllArtStyles) {
    benchmark::RegisterBenchmark(("Generate1024/" + std::string(artshop::name(style))).c_str(),
                                 Generate, style, 1024)
        ->Unit(benchmark::kMillisecond)
        ->UseRealTime();
  }
  // The largest picture the generator draws, as a bought download is drawn again.
  for (const ArtStyle style : artshop::kAllArtStyles) {
    benchmark::RegisterBenchmark(("Generate4096/" + std::string(artshop::name(style))).c_str(),
                                 Generate, style, 4096)
        ->Unit(benchmark::kMillisecond)
        ->UseRealTime()
        ->Iterations(1);
  }
  return true;
}();

void EncodePng1024(benchmark::State& state) {
  ProceduralImageGenerator generator;
  const auto image =
      generator.generate({"a lighthouse", ArtStyle::Impressionism, AspectRatio::R1x1, 1, 1024});
  const CpuCounter cpu(state);
  for (auto _ : state) benchmark::DoNotOptimize(processor().encode_png(image));
}
BENCHMARK(EncodePng1024)->Unit(benchmark::kMillisecond)->UseRealTime();

void Thumbnail2048(benchmark::State& state, ImageFormat format) {
  const auto bytes = artshop::bytes_of(original());
  const CpuCounter cpu(state);
  for (auto _ : state) benchmark::DoNotOptimize(processor().thumbnail(bytes, format));
}
BENCHMARK_CAPTURE(Thumbnail2048, Webp, ImageFormat::Webp)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK_CAPTURE(Thumbnail2048, Jpeg, ImageFormat::Jpeg)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

void Preview2048(benchmark::State& state, ImageFormat format) {
  const auto bytes = artshop::bytes_of(original());
  const CpuCounter cpu(state);
  for (auto _ : state) benchmark::DoNotOptimize(processor().watermarked_preview(bytes, format));
}
BENCHMARK_CAPTURE(Preview2048, Webp, ImageFormat::Webp)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK_CAPTURE(Preview2048, Jpeg, ImageFormat::Jpeg)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

// What seeding and importing do per offer: both thumbnails and both previews.
void AllDerivatives2048(benchmark::State& state) {
  const auto bytes = artshop::bytes_of(original());
  const CpuCounter cpu(state);
  for (auto _ : state) {
    for (const ImageFormat format : {ImageFormat::Webp, ImageFormat::Jpeg}) {
      benchmark::DoNotOptimize(processor().thumbnail(bytes, format));
      benchmark::DoNotOptimize(processor().watermarked_preview(bytes, format));
    }
  }
}
BENCHMARK(AllDerivatives2048)->Unit(benchmark::kMillisecond)->UseRealTime();

// A bought 4K download rendered from the original (upscaled here, as the original is 2048).
void RenderAt3840Jpeg(benchmark::State& state) {
  const auto bytes = artshop::bytes_of(original());
  const CpuCounter cpu(state);
  for (auto _ : state) {
    benchmark::DoNotOptimize(processor().render_at(bytes, 3840, ImageFormat::Jpeg));
  }
}
BENCHMARK(RenderAt3840Jpeg)->Unit(benchmark::kMillisecond)->UseRealTime();

// A bought catalogue picture at its largest size, as the download draws it: 4096 x 2731, then
// the JPEG. Run alone under `/usr/bin/time -v` for the peak memory of one download's render.
void DownloadGenerated4096(benchmark::State& state) {
  ProceduralImageGenerator generator;
  const CpuCounter cpu(state);
  const artshop::GenerationRequest request{"a harbour at dawn", ArtStyle::Photorealism,
                                           AspectRatio::R3x2, 7, 4096};
  for (auto _ : state) {
    benchmark::DoNotOptimize(processor().encode_drawn(
        [&](artshop::PictureRows& rows) { generator.generate_rows(request, rows); }, 4096,
        ImageFormat::Jpeg));
  }
}
BENCHMARK(DownloadGenerated4096)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(1);

void Probe2048(benchmark::State& state) {
  const auto bytes = artshop::bytes_of(original());
  const CpuCounter cpu(state);
  for (auto _ : state) benchmark::DoNotOptimize(processor().probe(bytes));
}
BENCHMARK(Probe2048)->Unit(benchmark::kMicrosecond);

}  // namespace
