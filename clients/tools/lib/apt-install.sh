# Sourced (not run): agora_apt_install PKG... installs those of the Debian packages that are
# not installed yet, as root directly, else through sudo. It tries with the package lists as
# they are (CI has just updated them to install redis) and runs `apt-get update` only when
# that fails. Debian fixes each package's version within a release, so generated code stays
# reproducible.
agora_apt_install() {
  local missing=() pkg
  for pkg in "$@"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' || missing+=("$pkg")
  done
  ((${#missing[@]})) || return 0
  local sudo=
  [[ $(id -u) == 0 ]] || sudo=sudo
  echo "apt-get install ${missing[*]}" >&2
  local install=(env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}")
  $sudo "${install[@]}" >/dev/null 2>&1 && return 0
  $sudo apt-get update -qq && $sudo "${install[@]}" >/dev/null
}
