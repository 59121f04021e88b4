// A build without MPI: a census always runs in this one process (census_cluster.hpp).
#include <cstdlib>
#include <string>

#include "cluster/census_cluster.hpp"
#include "tartan/core/error.hpp"

namespace tartan::cli {

bool census_on_cluster() {
  // Started as one of several ranks, this build would run the whole census on each: refused instead.
  const char* size = std::getenv("OMPI_COMM_WORLD_SIZE");
  if (size != nullptr && std::string(size) != "1") {
    throw parse_error(
        "this tartan was built without MPI, so its ranks cannot share a census; build it with "
        "-DTARTAN_WITH_MPI=ON (docs/cluster.md), or run it without mpirun");
  }
  return false;
}

bool census_is_coordinator() { return true; }

void census_work(const present::census_rules&, const census_options&, unsigned, const cluster_settings&) {}

bool census_coordinate(const present::census_rules&, const census_options&, std::span<const std::size_t>, unsigned,
                       const cluster_settings&, const std::function<void(census_row&&)>&,
                       const std::function<bool()>&) {
  return false;
}

void census_release_workers() {}

}  // namespace tartan::cli
