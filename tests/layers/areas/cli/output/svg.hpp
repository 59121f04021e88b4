// A header of the CLI: the explorer and Python never include it.
#pragma once
