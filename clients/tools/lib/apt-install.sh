# Sourced (not run): agora_apt_install PKG... installs the Debian packages that are not
# installed yet, with one `apt-get update` per shell. As root directly, else through sudo.
# Debian fixes each package's version within a release, so generated code stays reproducible.
agora_apt_install() {
  local missing=() pkg
  for pkg in "$@"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' || missing+=("$pkg")
  done
  ((${#missing[@]})) || return 0
  local sudo=
  [[ $(id -u) == 0 ]] || sudo=sudo
  echo "apt-get install ${missing[*]}" >&2
  if [[ -z ${AGORA_APT_UPDATED:-} ]]; then
    $sudo apt-get update -qq || return 1
    export AGORA_APT_UPDATED=1
  fi
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}
