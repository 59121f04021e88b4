// A build without MPI: every run is this one process, rank 0 of 1 (cluster_transport.hpp).
#include <cstdlib>
#include <string>

#include "cluster/cluster_transport.hpp"
#include "tartan/core/error.hpp"

namespace tartan::cli::transport {

bool start(const std::string& what) {
  // Started as one of several ranks, this build would do all the work on each: refused instead.
  const char* size = std::getenv("OMPI_COMM_WORLD_SIZE");
  if (size != nullptr && std::string(size) != "1") {
    throw parse_error("this tartan was built without MPI, so its ranks cannot share " + what +
                      "; build it with -DTARTAN_WITH_MPI=ON (docs/cluster.md), or run it without mpirun");
  }
  return false;
}

bool started() { return false; }
int rank() { return 0; }
int size() { return 1; }
void send(int, int, const std::string&) {}
void send_detached(int, int, const std::string&) {}
std::optional<message> poll() { return std::nullopt; }
void skip_finalize() {}
bool finalize_skipped() { return false; }

}  // namespace tartan::cli::transport
