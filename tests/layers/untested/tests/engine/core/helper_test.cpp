// The test of detail/helper.hpp, in core as the detail headers' tests are.
