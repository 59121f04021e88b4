// The explorer's page (explorer/web/: index.html, app.js, style.css, ...), embedded in the tartan binary when it is
// built (explorer/web/embed.cmake writes the generated web_assets.cpp), so the page works with no network and no file
// on disk, and the server never reads a file of the machine.
#pragma once

#include <span>
#include <string_view>

namespace tartan::explorer {

/// One embedded file: the path it is served at ("/app.js"), its content type and its bytes.
struct web_asset {
  std::string_view path;
  std::string_view content_type;
  std::string_view body;
};

/**
 * Every embedded file, the page itself at "/index.html".
 *
 * Example: web_assets()[0].path == "/app.js"
 */
std::span<const web_asset> web_assets();

}  // namespace tartan::explorer
