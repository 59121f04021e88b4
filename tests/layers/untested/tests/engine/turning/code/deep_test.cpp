// The test of turning/deep.hpp, in tests/engine/turning/code/: a folder below the layer's counts.
