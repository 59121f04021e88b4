// How the ranks of a cluster run (cluster.hpp) talk: text messages with a tag, over MPI in a build with
// -DTARTAN_WITH_MPI=ON (cluster_mpi.cpp, the only file that sees mpi.h), and none in a plain build
// (cluster_single.cpp: one rank). cluster.cpp schedules the tasks on top of these.
#pragma once

#include <optional>
#include <string>

namespace tartan::cli::transport {

enum tag : int { hello = 1, ready = 2, assign = 3, result = 4, heartbeat = 5, stop = 6 };

struct message {
  int from = 0;
  int tag = 0;
  std::string text;
};

/// Starts the transport when the process is a rank of a job (once); false when it runs alone. `what` names the
/// work for the refusal of a plain build started by mpirun.
bool start(const std::string& what);
bool started();
int rank();
int size();
/// Sends text to rank `to`, waiting until it is taken.
void send(int to, int message_tag, const std::string& text);
/// Sends text without waiting on a rank that may be gone.
void send_detached(int to, int message_tag, const std::string& text);
/// A message waiting from anyone, received; nullopt when none is there.
std::optional<message> poll();
/// A rank of the job was lost: the ranks left end without waiting for it (MPI_Finalize would).
void skip_finalize();
bool finalize_skipped();

}  // namespace tartan::cli::transport
