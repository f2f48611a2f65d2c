# os.path.expandvars: $name and ${name} from the environment, unset ones left as written
import os
os.environ["PUBNB_X"] = "ex"
os.environ.pop("PUBNB_NOPE", None)
for s in ["/scratch/$PUBNB_X/a", "${PUBNB_X}b", "$PUBNB_NOPE/x", "${PUBNB_NOPE}", "a$", "$$", "${", "${PUBNB_X", "$1x", "p$PUBNB_X.q"]:
    print(repr(os.path.expandvars(s)))
import posixpath
print(posixpath.expandvars("$PUBNB_X"))
