// libyaml for the bare event-loop and emitter baselines of the YAML benchmarks.
#include <yaml.h>
