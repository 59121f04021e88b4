# cmake -DEXAMPLE=<program> -DEXPECTED=<file.txt> -P compare_output.cmake: runs the program and fails unless it exits
# with 0 and prints exactly the expected file.
execute_process(COMMAND ${EXAMPLE} OUTPUT_VARIABLE actual ERROR_VARIABLE errors RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "${EXAMPLE} exited with ${status}\n${errors}")
endif()
file(READ ${EXPECTED} expected)
if(NOT actual STREQUAL expected)
  message(FATAL_ERROR "${EXAMPLE} printed\n${actual}\nbut ${EXPECTED} says\n${expected}")
endif()
message(STATUS "output matches ${EXPECTED}")
