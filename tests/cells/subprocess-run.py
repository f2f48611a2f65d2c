# subprocess as notebooks use it (rapidsai's notebooks import it): run with capture_output,
# text, shell, input, env, cwd, stdout/stderr PIPE/STDOUT/DEVNULL, check_output, call,
# getoutput/getstatusoutput, CalledProcessError, FileNotFoundError, TimeoutExpired.
import subprocess
r = subprocess.run(["echo", "hello"], capture_output=True)
print(r)
print(subprocess.check_output(["printf", "a\\nb"], text=True))
print(subprocess.run("echo err 1>&2; exit 3", shell=True, capture_output=True, text=True))
print(subprocess.run(["cat"], input=b"xyz" * 100000, stdout=subprocess.PIPE).stdout[:6])
print(subprocess.call(["true"]), subprocess.getoutput("echo hi; echo there"), subprocess.getstatusoutput("exit 2"))
try:
    subprocess.check_output(["false"])
except subprocess.CalledProcessError as e:
    print("CPE", e, e.returncode)
try:
    subprocess.run(["nosuchcmd-xyz"])
except FileNotFoundError as e:
    print("FNF", e)
try:
    subprocess.run(["sleep", "5"], timeout=0.3)
except subprocess.TimeoutExpired as e:
    print("TE", type(e).__name__, e.cmd, round(e.timeout, 1))
print(subprocess.run("echo $FOO", shell=True, env={"FOO": "bar", "PATH": "/usr/bin:/bin"}, stdout=subprocess.PIPE, stderr=subprocess.STDOUT))
print(subprocess.run(["pwd"], cwd="/tmp", stdout=subprocess.PIPE, text=True).stdout.strip())
print(subprocess.run(["ls", "/nonexistent-x"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode)
