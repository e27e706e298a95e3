"""The peak resident memory of a child process, measured from inside it, for tests that bound
memory. getrusage's ru_maxrss keeps, across exec, the size of the process that forked the child
(pytest, hundreds of MiB into a full run); /proc/self/status's VmHWM belongs to the new image.
`PEAK_KIB` is source text that defines `peak_kib()`, to put at the head of a `python -c` program."""

PEAK_KIB = """
def peak_kib():
    try:
        with open("/proc/self/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        pass
    import resource
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
"""
