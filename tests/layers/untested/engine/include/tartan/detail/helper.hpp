// A detail header: its test is in tests/engine/core/, where the check looks for it.
#pragma once
