// A build without MPI: a census always runs in this one process (census_cluster.hpp).
#include "cluster/census_cluster.hpp"

namespace tartan::cli {

bool census_on_cluster() { return false; }

bool census_is_coordinator() { return true; }

void census_work(const present::census_rules&, const census_options&, unsigned, const cluster_settings&) {}

bool census_coordinate(const present::census_rules&, const census_options&, std::span<const std::size_t>, unsigned,
                       const cluster_settings&, const std::function<void(census_row&&)>&,
                       const std::function<bool()>&) {
  return false;
}

void census_release_workers() {}

}  // namespace tartan::cli
