# Sourced by clients/generate.sh: the plugins of proto/buf.gen.python.yaml, pinned in
# clients/tools/python-requirements.txt, into the tools virtualenv (skipped when the
# stamp says they are already there).
_py_reqs=$ROOT/clients/tools/python-requirements.txt
_py_stamp=$TOOLS_VENV/.agora-python-tools
if ! cmp -s "$_py_reqs" "$_py_stamp"; then
  "$TOOLS_VENV/bin/python" -m pip install -q --disable-pip-version-check -r "$_py_reqs"
  cp "$_py_reqs" "$_py_stamp"
fi
# The template does not clean its output folder (clients/python/gen also holds the packages'
# __init__.py and py.typed): remove the generated modules so that a removed .proto leaves
# none behind.
rm -f "$OUT"/clients/python/gen/agora/v1/*_pb2.py "$OUT"/clients/python/gen/agora/v1/*_pb2.pyi \
  "$OUT"/clients/python/gen/agora/v1/*_pb2_grpc.py "$OUT"/clients/python/gen/agora/v1/*_pb2_grpc.pyi
unset _py_reqs _py_stamp
