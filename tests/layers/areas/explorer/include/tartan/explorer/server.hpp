// The explorer's public header, which the CLI may include.
#pragma once
