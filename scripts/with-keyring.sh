#!/bin/sh
# Runs a command inside a private D-Bus session with an unlocked GNOME Keyring (Secret Service),
# using a throwaway HOME and XDG_RUNTIME_DIR, so the real keychain tests can run headless (CI).
# Needs: dbus (dbus-run-session, dbus-send), gnome-keyring.
# Usage: scripts/with-keyring.sh npx vitest run
# Exits with the command's status; the keyring daemon is stopped and the scratch folder removed.
set -eu
if [ "$#" -eq 0 ]; then
  echo "usage: $0 COMMAND [ARGS...]" >&2
  exit 2
fi
for tool in dbus-run-session dbus-send gnome-keyring-daemon; do
  command -v "$tool" >/dev/null 2>&1 || {
    echo "with-keyring: $tool is not installed (apt-get install dbus gnome-keyring)" >&2
    exit 2
  }
done

scratch=$(mktemp -d "${TMPDIR:-/tmp}/pagetui-keyring.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
trap 'exit 130' INT TERM
mkdir -m 700 "$scratch/home" "$scratch/runtime"
HOME="$scratch/home"
XDG_RUNTIME_DIR="$scratch/runtime"
export HOME XDG_RUNTIME_DIR
unset XDG_CONFIG_HOME XDG_DATA_HOME GNOME_KEYRING_CONTROL DISPLAY WAYLAND_DISPLAY

# The login keyring only unlocks with a non-empty password on stdin; this one is throwaway.
PAGETUI_KEYRING_PASSWORD="pagetui-ci-$$-$(date +%s)"
export PAGETUI_KEYRING_PASSWORD

# The daemon runs in the foreground (as a job of the inner shell) so it can be stopped by its pid:
# a daemonised one outlives the D-Bus session. dbus-daemon may warn on stderr that it cannot raise
# its fd limit (containers); that is harmless.
status=0
dbus-run-session -- sh -c '
  printf %s "$PAGETUI_KEYRING_PASSWORD" | gnome-keyring-daemon --foreground --unlock --components=secrets >/dev/null &
  keyring_pid=$!
  unset PAGETUI_KEYRING_PASSWORD
  tries=0
  until dbus-send --session --print-reply --dest=org.freedesktop.DBus / \
      org.freedesktop.DBus.NameHasOwner string:org.freedesktop.secrets 2>/dev/null | grep -q "boolean true"; do
    tries=$((tries + 1))
    if [ "$tries" -ge 100 ]; then
      echo "with-keyring: gnome-keyring-daemon did not start within 10 s" >&2
      kill "$keyring_pid" 2>/dev/null
      exit 2
    fi
    sleep 0.1
  done
  GNOME_KEYRING_CONTROL="$XDG_RUNTIME_DIR/keyring"
  export GNOME_KEYRING_CONTROL
  echo "with-keyring: started gnome-keyring-daemon (unlocked, throwaway HOME) in a private D-Bus session" >&2
  set +e
  "$@"
  status=$?
  kill "$keyring_pid" 2>/dev/null
  wait "$keyring_pid" 2>/dev/null
  exit "$status"
' with-keyring "$@" || status=$?
exit "$status"
