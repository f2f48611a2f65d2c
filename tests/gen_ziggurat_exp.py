#!/usr/bin/env python3
"""gen_ziggurat_exp.py — writes engine/random/gen/ziggurat_exp_tab.h, the ziggurat
tables of NumPy's Generator.standard_exponential (256 levels, float64:
ke/we/fe).  The Marsaglia-Tsang recursion does not land on NumPy's doubles
bit for bit, so the tables are read from the very objects NumPy runs: the
static library numpy/random/lib/libnpyrandom.a that NumPy wheels ship (an ar
archive of ELF objects; the tables are local symbols of distributions.o).
Run it with NumPy installed: python3 tests/gen_ziggurat_exp.py > engine/random/gen/ziggurat_exp_tab.h
"""
import os, struct, sys
import numpy as np


def ar_members(blob):
    assert blob[:8] == b'!<arch>\n', 'not an ar archive'
    pos, names = 8, b''
    while pos + 60 <= len(blob):
        hdr = blob[pos:pos + 60]
        name = hdr[:16].decode().strip()
        size = int(hdr[48:58].decode().strip())
        data = blob[pos + 60:pos + 60 + size]
        if name == '//':
            names = data
        elif name.startswith('/') and name[1:].isdigit():
            off = int(name[1:])
            name = names[off:names.index(b'/\n', off)].decode()
        yield name.rstrip('/'), data
        pos += 60 + size + (size & 1)


def elf_symbols(obj):
    """{name: bytes} for the data objects of an ELF64 little-endian object."""
    shoff, = struct.unpack_from('<Q', obj, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from('<HHH', obj, 0x3a)
    secs = [struct.unpack_from('<IIQQQQIIQQ', obj, shoff + i * shentsize) for i in range(shnum)]
    out = {}
    for sec in secs:
        if sec[1] != 2:   # SHT_SYMTAB
            continue
        strtab = secs[sec[6]]
        for k in range(sec[5] // 24):
            nm, info, other, shndx, value, size = struct.unpack_from('<IBBHQQ', obj, sec[4] + 24 * k)
            if (info & 0xf) != 1 or shndx == 0 or shndx >= shnum:   # STT_OBJECT
                continue
            s = obj[strtab[4] + nm:obj.index(b'\0', strtab[4] + nm)].decode()
            base = secs[shndx][4] + value
            out[s] = obj[base:base + size]
    return out


def main():
    lib = os.path.join(os.path.dirname(np.__file__), 'random', 'lib', 'libnpyrandom.a')
    for name, data in ar_members(open(lib, 'rb').read()):
        syms = elf_symbols(data) if data[:4] == b'\x7fELF' else {}
        if 'we_double' in syms:
            break
    else:
        sys.exit('no exponential ziggurat tables in ' + lib)
    ke = struct.unpack('<256Q', syms['ke_double'])
    we = struct.unpack('<256d', syms['we_double'])
    fe = struct.unpack('<256d', syms['fe_double'])
    kf = struct.unpack('<256I', syms['ke_float'])
    wf = struct.unpack('<256f', syms['we_float'])
    ff = struct.unpack('<256f', syms['fe_float'])
    p = print
    p("/*\n * ziggurat_exp_tab.h — the ziggurat tables of NumPy's standard_exponential\n"
      " * (256 levels, float64 and float32), written by tests/gen_ziggurat_exp.py from NumPy's\n"
      " * own objects (NumPy %s; see there why).  Included by pcg64.c only.\n"
      " * Do not edit.\n */" % np.__version__)
    p("#ifndef LUMEN_ZIGGURAT_EXP_TAB_H\n#define LUMEN_ZIGGURAT_EXP_TAB_H\n")
    p("#include <stdint.h>\n")
    p("#define ZIG_EXP_R 7.6971174701310497140446   /* x of the base strip */")
    p("#define ZIG_EXP_R_F 7.69711747013104972f\n")
    p("static const uint64_t zig_ke_double[256] = {")
    p(",\n".join("\t0x%016xULL" % k for k in ke) + "\n};")
    p("static const double zig_we_double[256] = {")
    p(",\n".join("\t%s" % float.hex(w) for w in we) + "\n};")
    p("static const double zig_fe_double[256] = {")
    p(",\n".join("\t%s" % float.hex(f) for f in fe) + "\n};")
    p("static const uint32_t zig_ke_float[256] = {")
    p(",\n".join("\t0x%08xU" % k for k in kf) + "\n};")
    p("static const float zig_we_float[256] = {")
    p(",\n".join("\t%sf" % float.hex(w) for w in wf) + "\n};")
    p("static const float zig_fe_float[256] = {")
    p(",\n".join("\t%sf" % float.hex(f) for f in ff) + "\n};")
    p("\n#endif")


main()
