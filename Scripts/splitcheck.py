"""The check of split-text.py's work: each instruction of the cut object file held to the one it
was in the uncut file (the same bytes but for a new relocation's field, the same target, the
same relocation), and every other section's relocations to theirs. It reads both files with the
toolchain's llvm-objdump, not with the GNU objdump the cutting reads them with.
"""
import os
import re
import shutil
import struct
import subprocess

SECTION = struct.Struct("<IIQQQQIIQQ")


# The cut's pieces after .text's first: a named function's, and an unnamed one's (where the
# release's linker script gathers the assembler-local functions: .text..L*), then the number.
NAMED_PIECE, UNNAMED_PIECE = ".text.split.", ".text..Lsplit."


def is_piece(name):
    return name == ".text" or name.startswith(NAMED_PIECE) or name.startswith(UNNAMED_PIECE)


def text_at(offset):
    """How llvm-objdump names a place in .text."""
    return ".text" + (f"+{offset:#x}" if offset > 0 else f"-{-offset:#x}" if offset < 0 else "")


class Failure(Exception):
    """The file cannot be cut, or was not cut right: the build links it uncut."""


def read_object(path):
    with open(path, "rb") as file:
        data = bytearray(file.read())
    if data[:4] != b"\x7fELF" or data[4] != 2 or data[5] != 1 or struct.unpack_from("<H", data, 16)[0] != 1:
        raise Failure("not a little-endian 64-bit relocatable ELF file")
    shoff = struct.unpack_from("<Q", data, 0x28)[0]
    shnum, shstrndx = struct.unpack_from("<H", data, 0x3C)[0], struct.unpack_from("<H", data, 0x3E)[0]
    if shnum == 0 or shstrndx == 0xFFFF:
        raise Failure("too many sections for this script (extended numbering)")
    sections = [list(SECTION.unpack_from(data, shoff + i * 64)) for i in range(shnum)]
    return data, sections, shstrndx


def name_at(data, table, offset):
    start = table[4] + offset
    return data[start : data.index(b"\0", start)].decode()


def llvm_objdump():
    """The toolchain's llvm-objdump (a second disassembler, for `verify`): beside swift."""
    swift = shutil.which("swift")
    beside = os.path.join(os.path.dirname(os.path.realpath(swift)), "llvm-objdump") if swift else ""
    return beside if os.access(beside, os.X_OK) else "llvm-objdump"


def instructions_with_relocations(path, sections):
    """{(section, offset): [code, target, relocation]} for the instructions of `path`'s
    `sections`, from llvm-objdump -dr: what each does, with what the linker fills in."""
    output = subprocess.run([llvm_objdump(), "-dr", path], capture_output=True, text=True, check=True).stdout
    instruction_shape = re.compile(r"^\s*([0-9a-f]+): ((?:[0-9a-f]{2} )+)\s*\t(.*)$")
    relocation_shape = re.compile(r"^\t+([0-9a-f]+):\s+(R_X86_64_\w+)\t(.+?)(?:([+-]0x[0-9a-f]+))?$")
    found, section, last = {}, None, None
    for line in output.splitlines():
        if line.startswith("Disassembly of section "):
            section = line[len("Disassembly of section ") : -1]
            section = section if section in sections else None
            continue
        if section is None:
            continue
        match = instruction_shape.match(line)
        if match:
            start = int(match.group(1), 16)
            code = bytes.fromhex(match.group(2).replace(" ", ""))
            targets = re.findall(r"0x([0-9a-f]+) <[^>]*>", match.group(3))
            last = (section, start)
            found[last] = [code, int(targets[-1], 16) if targets else None, None]
            continue
        match = relocation_shape.match(line)
        if match and last:
            if found[last][2]:
                raise Failure(f"two relocations in the instruction at {last[0]}+{last[1]:#x}")
            found[last][2] = (int(match.group(1), 16), match.group(2), match.group(3), int(match.group(4) or "0", 16))
    return found


def relocation_blocks(path, pieces):
    """The relocations of every section but .text and its pieces, in section order: [(section,
    [(offset, type, value)])], from llvm-objdump -r."""
    output = subprocess.run([llvm_objdump(), "-r", path], capture_output=True, text=True, check=True).stdout
    blocks = []
    for line in output.splitlines():
        if line.startswith("RELOCATION RECORDS FOR ["):
            name = line[len("RELOCATION RECORDS FOR [") : -2]
            blocks.append((name, []))
        elif blocks and re.match(r"^[0-9a-f]{16} ", line):
            offset, kind, value = line.split(None, 2)
            blocks[-1][1].append((int(offset, 16), kind, value))
    return [block for block in blocks if block[0] not in pieces]


def verify_others(source, destination, origin):
    """Holds each other section's relocations to what they were: one that named a place in
    .text names the same place in its piece."""
    value_shape = re.compile(r"^(.+?)([+-]0x[0-9a-f]+)?$")
    before, after = relocation_blocks(source, {".text"}), relocation_blocks(destination, set(origin))
    if [name for name, _ in before] != [name for name, _ in after]:
        raise Failure("other sections' relocations are not where they were")
    count = 0
    for (name, old), (_, new) in zip(before, after):
        if len(old) != len(new):
            raise Failure(f"{name}: relocations lost")
        for (offset, kind, value), (old_offset, old_kind, old_value) in zip(sorted(new), sorted(old)):
            symbol, addend = value_shape.match(value).groups()
            if symbol in origin:
                value = text_at(origin[symbol] + int(addend or "0", 16))
            if (offset, kind, value) != (old_offset, old_kind, old_value):
                raise Failure(f"{name}+{offset:#x}: {value}, not {old_value}")
            count += 1
    return count


def verify(source, destination):
    """Holds each instruction of the cut file to the one it was: the same bytes (but for a new
    relocation's field), the same target, the same relocation."""
    data, sections, shstrndx = read_object(destination)
    size_of = {}
    for section in sections:
        name = name_at(data, sections[shstrndx], section[0])
        if is_piece(name):
            size_of[name] = section[5]
    before = instructions_with_relocations(source, {".text"})
    after = instructions_with_relocations(destination, set(size_of))
    # Each piece's place in the original .text: the pieces follow each other in number order.
    origin, place = {}, 0
    for name in sorted(size_of, key=lambda n: -1 if n == ".text" else int(n.rsplit(".", 1)[1])):
        origin[name] = place
        place += size_of[name]
    checked = 0
    for (name, offset), (code, target, relocation) in after.items():
        key = (".text", origin[name] + offset)
        if key not in before:
            raise Failure(f"{name}+{offset:#x} was no instruction's start")
        old_code, old_target, old_relocation = before[key]
        end = offset + len(code)
        if relocation and relocation[2] in origin and not old_relocation:
            if relocation[1] != "R_X86_64_PC32":
                raise Failure(f"{name}+{offset:#x}: a {relocation[1]} where an offset was")
            field = relocation[0] - offset
            if code[:field] + code[field + 4 :] != old_code[:field] + old_code[field + 4 :]:
                raise Failure(f"{name}+{offset:#x}: other bytes")
            now = origin[relocation[2]] + relocation[3] + (end - relocation[0])
            if now != old_target:
                raise Failure(f"{name}+{offset:#x}: its target moved")
        elif relocation or old_relocation:
            if code != old_code or not relocation or not old_relocation or relocation[1:] != old_relocation[1:]:
                raise Failure(f"{name}+{offset:#x}: another relocation")
            if relocation[0] - offset != old_relocation[0] - key[1]:
                raise Failure(f"{name}+{offset:#x}: its relocation moved")
        else:
            if code != old_code:
                raise Failure(f"{name}+{offset:#x}: other bytes")
            if target is not None and origin[name] + target != old_target:
                raise Failure(f"{name}+{offset:#x}: its target moved")
        checked += 1
    if checked != len(before):
        raise Failure(f"{len(before) - checked} instructions lost")
    return checked + verify_others(source, destination, origin)
