#!/usr/bin/env bash
# Starts (or stops) a single-node Slurm cluster on this machine, all of its state in one folder:
# munged with a generated key, slurmctld and slurmd from Debian's slurm-wlm, a slurm.conf on
# ports of its own. For the scale-out test and benchmark; needs root.
#
#   scripts/slurm-local.sh start DIR   # prints the SLURM_CONF path when the node is idle
#   scripts/slurm-local.sh stop DIR    # stops the daemons it started, by their PIDs
set -euo pipefail
command="${1:?usage: slurm-local.sh start|stop DIR}"
dir="${2:?usage: slurm-local.sh start|stop DIR}"
mkdir -p "$dir"
dir="$(cd "$dir" && pwd)"

stop() {
  for name in slurmd slurmctld munged; do
    if [ -f "$dir/$name.pid" ]; then
      pid="$(cat "$dir/$name.pid")"
      kill "$pid" 2>/dev/null || true
      for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
      kill -9 "$pid" 2>/dev/null || true
      rm -f "$dir/$name.pid"
    fi
  done
}

if [ "$command" = stop ]; then stop; exit 0; fi
[ "$command" = start ] || { echo "usage: slurm-local.sh start|stop DIR" >&2; exit 64; }

# Descriptors inherited from the caller (a pipe it reads to the end) must not live on in the
# daemons: close all but the standard three.
for fd in /proc/$$/fd/*; do
  n="${fd##*/}"
  if [ "$n" -gt 2 ] && [ "$n" -lt 255 ]; then eval "exec $n>&-" 2>/dev/null || true; fi
done

host="$(hostname -s)"
cpus="$(nproc)"
memory=$(( $(awk '/MemTotal/ {print $2}' /proc/meminfo) / 1024 / 2 ))
# Ports of our own, from the folder's name, so that two clusters never meet.
port=$(( 17000 + $(printf '%s' "$dir" | cksum | cut -d' ' -f1) % 2000 * 2 ))

# munge: a key readable only by the munge user; every folder on the way to its socket must be
# traversable by all (munged refuses to start otherwise).
chmod 0755 "$dir"
mkdir -p "$dir/munge" "$dir/munge-run" "$dir/state" "$dir/spool"
chmod 0700 "$dir/munge"
chmod 0755 "$dir/munge-run"
head -c 1024 /dev/urandom > "$dir/munge/munge.key"
chown -R munge:munge "$dir/munge" "$dir/munge-run"
chmod 0400 "$dir/munge/munge.key"
runuser -u munge -- munged --key-file="$dir/munge/munge.key" --socket="$dir/munge-run/munge.socket" \
  --pid-file="$dir/munge-run/munged.pid" --log-file="$dir/munge/munged.log" --seed-file="$dir/munge/seed" \
  </dev/null >/dev/null 2>&1 || { cat "$dir/munge/munged.log" >&2; exit 1; }
cp "$dir/munge-run/munged.pid" "$dir/munged.pid"

cat > "$dir/slurm.conf" <<CONF
ClusterName=flipbook
SlurmctldHost=$host
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$dir/munge-run/munge.socket
SlurmctldPort=$port
SlurmdPort=$(( port + 1 ))
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
SchedulerType=sched/backfill
NodeName=$host CPUs=$cpus RealMemory=$memory State=UNKNOWN
PartitionName=main Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF="$dir/slurm.conf"
# The daemons' standard streams go nowhere: a caller reading this script's output must see it end.
slurmctld -f "$SLURM_CONF" </dev/null >/dev/null 2>&1 || { cat "$dir/slurmctld.log" >&2; stop; exit 1; }
slurmd -f "$SLURM_CONF" </dev/null >/dev/null 2>&1 || { cat "$dir/slurmd.log" >&2; stop; exit 1; }
for _ in $(seq 100); do
  if sinfo -h -o %t 2>/dev/null | grep -qE '^idle'; then
    echo "$SLURM_CONF"
    exit 0
  fi
  sleep 0.2
done
echo "slurm-local: the node did not become idle" >&2
cat "$dir/slurmctld.log" "$dir/slurmd.log" >&2 || true
stop
exit 1
