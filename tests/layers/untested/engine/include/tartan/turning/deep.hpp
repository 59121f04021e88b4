// A turning header whose test lies in a folder below its layer's.
#pragma once
