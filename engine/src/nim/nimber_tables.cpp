// The nim-arithmetic tables, computed by the compiler (nim/nim_tables.hpp) and stored read-only, so no
// start-up work and no initialisation order to worry about.
#include "nim/nim_tables.hpp"

namespace tartan::detail {

constinit const nim_tables nim_table_data = build::make();

}  // namespace tartan::detail
