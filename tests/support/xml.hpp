// A small XML reader for tests: checks that a document is well-formed (one root, tags nested and closed, quoted
// attributes without repeats, known entities only, no stray '<' or '&') and gives its element tree. Enough for the
// SVG files tartan writes; not a validating parser (no DTDs, no namespaces beyond reading xmlns as an attribute).
#pragma once

#include <cstddef>
#include <functional>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace tartan::test {

struct xml_element {
  std::string name;
  std::map<std::string, std::string> attributes;
  std::vector<std::unique_ptr<xml_element>> children;
  std::string text;  // the character data directly inside, entities decoded

  std::string attribute(const std::string& key) const {
    const auto it = attributes.find(key);
    return it == attributes.end() ? std::string() : it->second;
  }
  bool has_class(std::string_view cls) const {
    const std::string all = attribute("class");
    std::size_t i = 0;
    while (i < all.size()) {
      const std::size_t end = std::min(all.find(' ', i), all.size());
      if (std::string_view(all).substr(i, end - i) == cls) return true;
      i = end + 1;
    }
    return false;
  }
  /// Every element below this one (not itself), depth first, document order.
  void for_each(const std::function<void(const xml_element&)>& f) const {
    for (const auto& child : children) {
      f(*child);
      child->for_each(f);
    }
  }
  std::size_t count(const std::function<bool(const xml_element&)>& pred) const {
    std::size_t n = 0;
    for_each([&](const xml_element& e) { n += pred(e) ? 1 : 0; });
    return n;
  }
  /// All text below this element, concatenated.
  std::string all_text() const {
    std::string s = text;
    for (const auto& child : children) s += child->all_text();
    return s;
  }
};

class xml_error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Parses `doc`; throws xml_error naming the byte offset of the first problem.
inline std::unique_ptr<xml_element> parse_xml(std::string_view doc) {
  std::size_t i = 0;
  auto fail = [&](const std::string& what) -> void { throw xml_error(what + " at byte " + std::to_string(i)); };
  auto starts = [&](std::string_view s) { return doc.substr(i, s.size()) == s; };
  auto is_name_char = [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_' ||
           c == ':' || c == '.';
  };
  auto skip_space = [&] {
    while (i < doc.size() && (doc[i] == ' ' || doc[i] == '\n' || doc[i] == '\t' || doc[i] == '\r')) ++i;
  };
  auto read_name = [&] {
    const std::size_t start = i;
    while (i < doc.size() && is_name_char(doc[i])) ++i;
    if (i == start) fail("expected a name");
    return std::string(doc.substr(start, i - start));
  };
  auto decode = [&](std::string_view raw) {
    std::string out;
    for (std::size_t k = 0; k < raw.size(); ++k) {
      if (raw[k] == '<') fail("'<' inside text or an attribute");
      if (raw[k] != '&') {
        out += raw[k];
        continue;
      }
      const std::size_t semi = raw.find(';', k);
      if (semi == std::string_view::npos) fail("'&' without ';'");
      const std::string_view entity = raw.substr(k + 1, semi - k - 1);
      if (entity == "amp")
        out += '&';
      else if (entity == "lt")
        out += '<';
      else if (entity == "gt")
        out += '>';
      else if (entity == "quot")
        out += '"';
      else if (entity == "apos")
        out += '\'';
      else if (entity.size() > 1 && entity[0] == '#')
        out += '?';  // a character reference; its value is not needed
      else
        fail("unknown entity &" + std::string(entity) + ";");
      k = semi;
    }
    return out;
  };
  auto skip_misc = [&] {
    for (;;) {
      skip_space();
      if (starts("<?")) {
        const std::size_t end = doc.find("?>", i);
        if (end == std::string_view::npos) fail("unclosed <?");
        i = end + 2;
      } else if (starts("<!--")) {
        const std::size_t end = doc.find("-->", i);
        if (end == std::string_view::npos) fail("unclosed comment");
        i = end + 3;
      } else {
        return;
      }
    }
  };

  std::function<std::unique_ptr<xml_element>()> element = [&]() {
    if (!starts("<")) fail("expected '<'");
    ++i;
    auto e = std::make_unique<xml_element>();
    e->name = read_name();
    for (;;) {
      skip_space();
      if (starts("/>")) {
        i += 2;
        return e;
      }
      if (starts(">")) {
        ++i;
        break;
      }
      const std::string key = read_name();
      skip_space();
      if (!starts("=")) fail("attribute " + key + " without '='");
      ++i;
      skip_space();
      if (i >= doc.size() || (doc[i] != '"' && doc[i] != '\'')) fail("attribute " + key + " not quoted");
      const char quote = doc[i++];
      const std::size_t end = doc.find(quote, i);
      if (end == std::string_view::npos) fail("unclosed attribute value");
      if (!e->attributes.emplace(key, decode(doc.substr(i, end - i))).second) fail("repeated attribute " + key);
      i = end + 1;
    }
    for (;;) {
      const std::size_t lt = doc.find('<', i);
      if (lt == std::string_view::npos) fail("unclosed element <" + e->name + ">");
      e->text += decode(doc.substr(i, lt - i));
      i = lt;
      if (starts("<!--")) {
        const std::size_t end = doc.find("-->", i);
        if (end == std::string_view::npos) fail("unclosed comment");
        i = end + 3;
      } else if (starts("</")) {
        i += 2;
        const std::string name = read_name();
        if (name != e->name) fail("</" + name + "> closes <" + e->name + ">");
        skip_space();
        if (!starts(">")) fail("expected '>'");
        ++i;
        return e;
      } else {
        e->children.push_back(element());
      }
    }
  };

  skip_misc();
  auto root = element();
  skip_misc();
  if (i != doc.size()) fail("content after the root element");
  return root;
}

}  // namespace tartan::test
