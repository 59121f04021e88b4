// A turning header listed as an exception: the check passes it over.
#pragma once
