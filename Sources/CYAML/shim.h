#ifndef CYAML_SHIM_H
#define CYAML_SHIM_H
/* libyaml (Debian libyaml-dev): the event API, read by the YAML module only. */
#include <yaml.h>
#endif
