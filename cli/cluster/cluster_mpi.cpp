// The ranks of a cluster run talking over MPI (cluster_transport.hpp): MPI_CHAR payloads with the tags of
// cluster.cpp's protocol. Only the main thread of a rank calls MPI (MPI_THREAD_FUNNELED).
#include <mpi.h>

#include <cstdlib>
#include <string>

#include "cluster/cluster_transport.hpp"
#include "tartan/core/error.hpp"

namespace tartan::cli::transport {

namespace {

struct mpi_state {
  bool initialised = false;
  int rank = 0;
  int size = 1;
  /// Set when a rank of the job was lost: MPI_Finalize waits for every rank (a PMIx fence), the lost one included,
  /// so the ranks left exit without it (mpirun --mca orte_allowed_exit_without_sync 1 takes that as a normal end).
  bool skip_finalize = false;
  ~mpi_state() {
    int finalized = 0;
    if (initialised && !skip_finalize && MPI_Finalized(&finalized) == MPI_SUCCESS && finalized == 0) MPI_Finalize();
  }
};

mpi_state& mpi() {
  static mpi_state state;
  return state;
}

/// Whether the process was started as a rank of a job: mpirun (Open MPI) or a PMI launcher (Slurm's srun) sets these.
bool launched_as_rank() {
  for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_RANK", "PMI_SIZE"}) {
    if (std::getenv(name) != nullptr) return true;
  }
  return false;
}

}  // namespace

bool start(const std::string& what) {
  mpi_state& state = mpi();
  if (state.initialised) return true;
  if (!launched_as_rank()) return false;
  int provided = 0;
  if (MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided) != MPI_SUCCESS) {
    throw error("MPI could not start for " + what + "; run tartan with mpirun, or without it for one process");
  }
  state.initialised = true;
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);  // a dead peer must not end rank 0
  MPI_Comm_rank(MPI_COMM_WORLD, &state.rank);
  MPI_Comm_size(MPI_COMM_WORLD, &state.size);
  return true;
}

bool started() { return mpi().initialised; }
int rank() { return mpi().rank; }
int size() { return mpi().size; }

void send(int to, int message_tag, const std::string& text) {
  MPI_Send(text.data(), static_cast<int>(text.size()), MPI_CHAR, to, message_tag, MPI_COMM_WORLD);
}

void send_detached(int to, int message_tag, const std::string& text) {
  MPI_Request request;
  MPI_Isend(text.data(), static_cast<int>(text.size()), MPI_CHAR, to, message_tag, MPI_COMM_WORLD, &request);
  MPI_Request_free(&request);
}

std::optional<message> poll() {
  if (!mpi().initialised) return std::nullopt;  // a process started alone, rank 0 of 1
  int flag = 0;
  MPI_Status status;
  if (MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &status) != MPI_SUCCESS || flag == 0) {
    return std::nullopt;
  }
  int count = 0;
  MPI_Get_count(&status, MPI_CHAR, &count);
  message m;
  m.from = status.MPI_SOURCE;
  m.tag = status.MPI_TAG;
  m.text.resize(static_cast<std::size_t>(count));
  MPI_Recv(m.text.data(), count, MPI_CHAR, m.from, m.tag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  return m;
}

void skip_finalize() { mpi().skip_finalize = true; }
bool finalize_skipped() { return mpi().skip_finalize; }

}  // namespace tartan::cli::transport
