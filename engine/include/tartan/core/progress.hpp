// progress_callback: how every long engine computation reports its progress and learns that the caller wants it to
// stop (Ctrl-C in the CLI, a cancelled cell in a notebook, a closed browser tab), one type for all of them.
#pragma once

#include <functional>

namespace tartan {

/// Called now and then with the fraction of the work done (0..1). Returning false cancels: the computation stops
/// at the next safe point and reports what it finished (its report says it is incomplete). Empty: no reports.
using progress_callback = std::function<bool(double fraction)>;

}  // namespace tartan
