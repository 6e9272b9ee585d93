// artshop: the shop's one executable. Reads the configuration, wires the adapters into the
// core's ports, and serves the API and the built front end.
#include <malloc.h>
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <memory>
#include <span>
#include <string_view>

#include "config.hpp"
#include "log_format.hpp"
#include "wiring.hpp"

extern char** environ;

namespace {

constexpr std::string_view kUsage = R"(artshop - online shop and gallery for AI-generated art

Usage:
  artshop [serve] [--config FILE]   migrate the database, then serve the shop (default)
  artshop migrate [--config FILE]   apply pending database migrations and exit
  artshop seed [--config FILE]      seed an empty catalogue now (serve does it in the background)
  artshop import DIR [--config FILE]
                                    add the pictures listed in DIR/manifest.json or manifest.csv
  artshop staff add EMAIL --role owner|support|catalogue [--config FILE]
                                    make EMAIL a member of the back office's staff and print its
                                    one-time set-up link (the first owner is added this way)
  artshop --help                    show this help
  artshop --version                 show the version

Configuration comes from FILE (or the file named by ARTSHOP_CONFIG), then from environment
variables, which win: every key `name` of the file can be given as ARTSHOP_NAME, e.g.
  ARTSHOP_HOST (127.0.0.1)  ARTSHOP_PORT (8080)  ARTSHOP_DATA_DIR (./data)
  ARTSHOP_STATIC_DIR (frontend/dist)  ARTSHOP_LOG_LEVEL (info)  ARTSHOP_RATE_USD (1.08)
See app/artshop.example.conf for every setting.
)";

struct Arguments {
  std::string command = "serve";
  std::filesystem::path import_dir;
  std::string staff_email;  // staff add
  std::string staff_role;
  std::filesystem::path config_file;
  bool help = false;
  bool version = false;
};

std::expected<Arguments, std::string> parse_arguments(std::span<char*> args) {
  Arguments parsed;
  if (const char* from_env = std::getenv("ARTSHOP_CONFIG")) parsed.config_file = from_env;
  bool command_seen = false;
  for (std::size_t i = 1; i < args.size(); ++i) {
    const std::string_view arg = args[i];
    if (arg == "--help" || arg == "-h") {
      parsed.help = true;
    } else if (arg == "--version") {
      parsed.version = true;
    } else if (arg == "--config" && i + 1 < args.size()) {
      parsed.config_file = args[++i];
    } else if (arg.starts_with("--config=")) {
      parsed.config_file = arg.substr(9);
    } else if (!command_seen && (arg == "serve" || arg == "migrate" || arg == "seed")) {
      parsed.command = arg;
      command_seen = true;
    } else if (!command_seen && arg == "staff" && i + 2 < args.size() &&
               std::string_view(args[i + 1]) == "add") {
      parsed.command = "staff add";
      parsed.staff_email = args[i + 2];
      i += 2;
      command_seen = true;
    } else if (parsed.command == "staff add" && arg == "--role" && i + 1 < args.size()) {
      parsed.staff_role = args[++i];
    } else if (parsed.command == "staff add" && arg.starts_with("--role=")) {
      parsed.staff_role = arg.substr(7);
    } else if (!command_seen && arg == "import" && i + 1 < args.size()) {
      parsed.command = arg;
      parsed.import_dir = args[++i];
      command_seen = true;
    } else {
      return std::unexpected("unknown argument '" + std::string(arg) + "'");
    }
  }
  if (parsed.command == "staff add" && parsed.staff_role.empty()) {
    return std::unexpected(std::string("staff add needs --role owner, support or catalogue"));
  }
  return parsed;
}

bool set_up_logging(const std::string& level_name) {
  const auto level = spdlog::level::from_str(level_name);
  // from_str answers `off` for any unknown word; only accept `off` when it was asked for.
  if (level == spdlog::level::off && level_name != "off") return false;
  spdlog::set_default_logger(spdlog::stdout_color_mt("artshop"));
  spdlog::set_level(level);
  spdlog::set_formatter(
      std::make_unique<artshop::app::EscapingFormatter>("%Y-%m-%dT%H:%M:%S.%e %^%l%$ [%n] %v"));
  return true;
}

// Big buffers (a picture drawn at a bought size, its encoded bytes, decoded originals) get
// pages of their own that go back to the system when freed. glibc's default raises its mmap
// threshold after the first big buffer is freed, so every later one comes from a heap that keeps
// the pages resident: 20 MB more at rest and up to 200 MB more after a few renders
// (docs/benchmarks.md, "Memory"). MALLOC_MMAP_THRESHOLD_ in the environment still wins.
void keep_big_buffers_out_of_the_heap() {
  if (std::getenv("MALLOC_MMAP_THRESHOLD_") == nullptr) mallopt(M_MMAP_THRESHOLD, 128 * 1024);
}

}  // namespace

int main(int argc, char** argv) {
  keep_big_buffers_out_of_the_heap();
  const auto arguments = parse_arguments(std::span(argv, static_cast<std::size_t>(argc)));
  if (!arguments) {
    std::cerr << "artshop: " << arguments.error() << "\n\n" << kUsage;
    return 2;
  }
  if (arguments->help) {
    std::cout << kUsage;
    return EXIT_SUCCESS;
  }
  if (arguments->version) {
    std::cout << "artshop " << ARTSHOP_VERSION << "\n";
    return EXIT_SUCCESS;
  }
  const auto config = artshop::app::load_config(arguments->config_file, environ);
  if (!config) {
    std::cerr << "artshop: configuration: " << config.error() << "\n";
    return 2;
  }
  if (!set_up_logging(config->log_level)) {
    std::cerr << "artshop: configuration: log_level (ARTSHOP_LOG_LEVEL): expected one of trace, "
                 "debug, info, warn, error, critical, off; got '"
              << config->log_level << "'\n";
    return 2;
  }
  try {
    if (arguments->command == "migrate") return artshop::app::migrate(*config);
    if (arguments->command == "seed") return artshop::app::seed(*config);
    if (arguments->command == "staff add") {
      return artshop::app::add_staff(*config, arguments->staff_email, arguments->staff_role);
    }
    if (arguments->command == "import") {
      return artshop::app::import_pictures(*config, arguments->import_dir);
    }
    return artshop::app::serve(*config);
  } catch (const std::exception& error) {
    spdlog::critical("{}", error.what());
    return EXIT_FAILURE;
  }
}
