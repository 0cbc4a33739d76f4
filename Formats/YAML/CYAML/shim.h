// The libyaml API, as installed by libyaml-dev (Debian) or libyaml (Homebrew).
#include <yaml.h>
