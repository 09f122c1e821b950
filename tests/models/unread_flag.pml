chan request = [2] of { byte };
bool waiting = false;
active [2] proctype Server() {
  byte client;
  do
  :: request ? client
  od
}
active [2] proctype Client() {
  do
  :: full(request) -> waiting = true
  :: request ! _pid
  od
}
