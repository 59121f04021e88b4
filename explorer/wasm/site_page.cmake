# Writes the static explorer's index.html: explorer/web/index.html with a marker in its head that tells transport.js
# the engine lies beside the page (cmake -P site_page.cmake with -DIN=... -DOUT=...). The page served by
# tartan explore has no marker, so neither explorer asks the network which it is (a probe for a file one of them
# lacks would put a 404 in the browser's console).
file(READ ${IN} page)
string(REPLACE "<meta charset=\"utf-8\">" "<meta charset=\"utf-8\">\n<meta name=\"tartan-engine\" content=\"webassembly\">"
               marked "${page}")
if(marked STREQUAL page)
  message(FATAL_ERROR "${IN} has no <meta charset=\"utf-8\"> to put the marker after")
endif()
file(WRITE ${OUT} "${marked}")
