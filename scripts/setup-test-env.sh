#!/usr/bin/env bash
# Prepares this machine for `npm test` (Debian/Ubuntu): Chromium with CJK and
# Arabic fonts for the browser tests, coturn (TURN relay for the call tests), prometheus
# (the metrics test), nginx (the cluster test's balancer), PostgreSQL on 127.0.0.1:5432 (trust auth,
# user postgres) and Redis on 127.0.0.1:6379. Idempotent and silent when all is
# present. Only touches this machine; uses sudo only when not root.
set -euo pipefail

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then SUDO="sudo -n"; else SUDO=""; fi
fi
export DEBIAN_FRONTEND=noninteractive

log() { echo "[setup-test-env] $*"; }
have() { command -v "$1" >/dev/null 2>&1; }
port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") >/dev/null 2>&1; }

APT_UPDATED=0
apt_install() {
  if ! have apt-get; then
    log "apt-get not found; install these yourself: $*"
    return 1
  fi
  if [ "$APT_UPDATED" -eq 0 ]; then
    log "apt-get update"
    $SUDO apt-get -o DPkg::Lock::Timeout=300 update -qq >/dev/null
    APT_UPDATED=1
  fi
  log "apt-get install $*"
  # Wait for another apt (an unattended upgrade, a second checkout's setup) instead of failing.
  $SUDO apt-get -o DPkg::Lock::Timeout=300 install -y -qq --no-install-recommends "$@" >/dev/null
}

status=0

# --- Chromium + fonts (zh-CN, ar-SA screenshots) ---------------------------
if [ ! -x /usr/bin/chromium ]; then
  apt_install chromium || { log "could not install chromium (browser tests need /usr/bin/chromium)"; status=1; }
fi
fonts=()
for p in fonts-noto-cjk fonts-noto-core fonts-liberation2; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || fonts+=("$p")
done
if [ "${#fonts[@]}" -gt 0 ]; then
  # Fonts only affect how screenshots look; a missing one is not fatal.
  apt_install "${fonts[@]}" || log "could not install ${fonts[*]}; CJK/Arabic text may render as boxes"
fi

# Installs a package whose tests run their own instance, and stops the system service the
# package may start (it would hold a port); $2 says which test needs it.
install_without_service() {
  if apt_install "$1"; then
    if have systemctl && [ -d /run/systemd/system ]; then
      $SUDO systemctl disable --now "$1" >/dev/null 2>&1 || true
    elif have service; then
      $SUDO service "$1" stop >/dev/null 2>&1 || true
    fi
  else
    log "could not install $1 ($2)"
    status=1
  fi
}

# --- coturn (TURN relay: the browser call test runs it on loopback) ----------
# Tests start their own turnserver (e2e/support/turn.ts); no system service is left running.
if ! have turnserver; then
  # Debian ships it disabled (/etc/default/coturn); stopped in case a package started one.
  install_without_service coturn "the TURN call test needs turnserver"
fi

# --- Prometheus (the metrics test scrapes two nodes with it) ------------------
# The test runs its own prometheus on loopback with a temp config and store; Debian's
# package starts a system service, which is stopped so it holds no port.
if ! have prometheus; then
  install_without_service prometheus "the metrics test needs it"
fi

# --- nginx (the cluster test runs two nodes behind it) --------------------------
# The test runs its own nginx in the foreground with a temp prefix and config on a free
# loopback port (test/support/nginx.ts); Debian's package starts a system service on
# port 80, which is stopped and disabled so it holds no port.
if ! have nginx && [ ! -x /usr/sbin/nginx ]; then
  install_without_service nginx "the cluster test needs it"
fi

# openssl makes the throwaway certificate nginx -t checks deploy/nginx/parley.conf with.
if ! have openssl; then
  apt_install openssl || { log "could not install openssl (deploy-examples.test.ts)"; status=1; }
fi

# --- PostgreSQL --------------------------------------------------------------
if ! port_open 5432; then
  fresh=0
  if ! have pg_ctlcluster || [ -z "$(ls /etc/postgresql 2>/dev/null)" ]; then
    apt_install postgresql || { log "could not install postgresql"; status=1; }
    fresh=1
  fi
  if [ -n "$(ls /etc/postgresql 2>/dev/null)" ]; then
    ver="$(ls /etc/postgresql | sort -V | tail -1)"
    hba="/etc/postgresql/$ver/main/pg_hba.conf"
    # Trust auth for loopback so user postgres needs no password (fresh test installs only).
    if [ "$fresh" -eq 1 ]; then
      $SUDO sed -i -E 's/^(host\s+all\s+all\s+(127\.0\.0\.1\/32|::1\/128)\s+)\S+/\1trust/; s/^(local\s+all\s+(postgres|all)\s+)\S+/\1trust/' "$hba"
    fi
    log "starting PostgreSQL $ver"
    $SUDO pg_ctlcluster --skip-systemctl-redirect "$ver" main start >/dev/null 2>&1 || true
    # A cluster the package already started must re-read pg_hba.conf.
    [ "$fresh" -eq 1 ] && { $SUDO pg_ctlcluster --skip-systemctl-redirect "$ver" main reload >/dev/null 2>&1 || true; }
    for _ in $(seq 1 30); do port_open 5432 && break; sleep 0.5; done
    port_open 5432 || { log "PostgreSQL did not start on 127.0.0.1:5432"; status=1; }
  fi
fi

# pg_dump / pg_restore of the backup test (backup.test.ts); the server package pulls in its client.
if ! have pg_dump || ! have pg_restore; then
  apt_install postgresql-client || { log "could not install postgresql-client (pg_dump, pg_restore)"; status=1; }
fi

# --- Redis --------------------------------------------------------------------
if ! port_open 6379; then
  if ! have redis-server; then
    apt_install redis-server || { log "could not install redis-server"; status=1; }
  fi
  if have redis-server; then
    log "starting Redis"
    $SUDO redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no >/dev/null
    for _ in $(seq 1 20); do port_open 6379 && break; sleep 0.25; done
    port_open 6379 || { log "Redis did not start on 127.0.0.1:6379"; status=1; }
  fi
fi

exit "$status"
