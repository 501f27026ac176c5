#!/usr/bin/env python3
"""Cuts one object file's code section (.text) at its functions' starts into sections of their
own, so that a link order (--symbol-ordering-file) can place each function alone.

Why: the toolchain's Swift standard library (libswiftCore.a's Swift.o) holds 1.6 MB of
functions in a single .text. A linker moves sections, not functions, so the few hundred of them
a program runs stay strewn over that megabyte, and the kernel maps code 64 KiB around each page
that runs: about 1.4 MiB of every program's resident memory. Cut, they go with the program's
other running code (make release; `make bench` measures it).

How, and why it is safe: inside one section the assembler wrote the calls and address loads
between functions of local symbols as plain offsets, without relocations. Each one that would
cross a cut becomes a relocation (R_X86_64_PC32 to the section now holding its target, the same
value once linked); a 1-byte jump cannot carry one, so its two ends stay in one piece. Where a
relocation names .text itself plus an offset, its target decides its new section; where that
target cannot be told exactly (a jump table's entries), the cuts around it are not made.
Anything else unexpected stops the script, and the build then uses the archive as it is.

Usage: split-text.py IN.o OUT.o   (prints how many pieces; exits 1 when it cannot cut IN.o)
       split-text.py --check IN.o OUT.o   (only the check of an OUT.o cut before)
"""
import bisect
import re
import struct
import subprocess
import sys

from splitcheck import SECTION, Failure, name_at, read_object, verify

SHT_SYMTAB, SHT_RELA, SHT_GROUP, SHT_SYMTAB_SHNDX = 2, 4, 17, 18
SHT_LLVM_ADDRSIG = 0x6FFF4C03
STT_FUNC, STT_SECTION = 2, 3
R_X86_64_64, R_X86_64_PC32, R_X86_64_PLT32, R_X86_64_32, R_X86_64_32S = 1, 2, 4, 10, 11
SYMBOL = struct.Struct("<IBBHQQ")
RELA = struct.Struct("<QQq")


def disassembly(path):
    """(start, end, bytes, target) of each instruction of .text that names an address."""
    output = subprocess.run(
        ["objdump", "-d", "--insn-width=16", "-j", ".text", path], capture_output=True, text=True, check=True
    ).stdout
    line_shape = re.compile(r"^\s*([0-9a-f]+):\t((?:[0-9a-f]{2} )+)\s*\t(\S+)\s*(.*)$")
    for line in output.splitlines():
        match = line_shape.match(line)
        if not match:
            continue
        start = int(match.group(1), 16)
        code = bytes.fromhex(match.group(2).replace(" ", ""))
        mnemonic, operands = match.group(3), match.group(4)
        if "(bad)" in mnemonic + operands:
            raise Failure(f"objdump cannot read the instruction at {start:#x}")
        targets = {int(t, 16) for t in re.findall(r"([0-9a-f]+) <[^>]*>", operands)}
        if len(targets) > 1:
            raise Failure(f"two addresses in the instruction at {start:#x}")
        if targets:
            yield start, start + len(code), code, targets.pop()


def split(source, destination):
    data, sections, shstrndx = read_object(source)
    names = [name_at(data, sections[shstrndx], s[0]) for s in sections]
    if names.count(".text") != 1:
        raise Failure("not one .text section")
    text = names.index(".text")
    text_size = sections[text][5]
    symtab = next(i for i, s in enumerate(sections) if s[1] == SHT_SYMTAB)
    if any(s[1] in (SHT_GROUP, SHT_SYMTAB_SHNDX, SHT_LLVM_ADDRSIG) for s in sections):
        raise Failure("section groups, extended symbol indexes or an address-significance table: not handled")
    symbol_count = sections[symtab][5] // 24
    symbols = [list(SYMBOL.unpack_from(data, sections[symtab][4] + i * 24)) for i in range(symbol_count)]
    first_global = sections[symtab][7]
    text_section_symbols = {i for i, s in enumerate(symbols) if s[1] & 0xF == STT_SECTION and s[3] == text}

    relocations = {}  # section index → list of [offset, type, symbol, addend]
    for index, section in enumerate(sections):
        if section[1] == SHT_RELA:
            entries = []
            for k in range(section[5] // 24):
                offset, info, addend = RELA.unpack_from(data, section[4] + k * 24)
                entries.append([offset, info & 0xFFFFFFFF, info >> 32, addend])
            relocations[index] = entries

    # Where the cuts may go: at each function's start, named or not (each function has its
    # unwinding entry in .eh_frame, which names where it starts).
    named = {s[4] for s in symbols if s[3] == text and s[1] & 0xF == STT_FUNC and 0 < s[4] < text_size}
    unwound = {
        entry[3]
        for index, entries in relocations.items()
        if names[sections[index][7]] == ".eh_frame"
        for entry in entries
        if entry[2] in text_section_symbols and 0 < entry[3] < text_size
    }
    cuts = sorted({0} | named | unwound)
    kept = set()  # cuts not made

    def keep_together(low, high):
        """No cut in (low, high]."""
        low, high = min(low, high), max(low, high)
        for index in range(bisect.bisect_right(cuts, low), bisect.bisect_right(cuts, high)):
            kept.add(cuts[index])

    text_relocations = next((i for i, s in enumerate(sections) if s[1] == SHT_RELA and s[7] == text), None)
    relocated_at = {r[0] for r in relocations.get(text_relocations, [])}

    # The plain offsets between functions: 4-byte ones become relocations, 1-byte ones keep
    # their ends together.
    plain = []
    for start, end, code, target in disassembly(source):
        distance = target - end
        fields = [p for p in range(1, len(code) - 3) if struct.unpack_from("<i", code, p)[0] == distance]
        if any(start + p in relocated_at for p in fields) or not 0 <= target <= text_size:
            continue  # a relocation's field (the address objdump shows is not the target)
        if len(fields) == 1:
            plain.append((start + fields[0], end, target))
        elif not fields and len(code) >= 2 and struct.unpack_from("<b", code, len(code) - 1)[0] == distance:
            keep_together(start, target)
        else:
            raise Failure(f"cannot find the offset in the instruction at {start:#x}")

    # Relocations that name .text plus an offset: each one's target.
    def target_of(section_index, offset, kind, addend, run_start):
        code = sections[sections[section_index][7]][2] & 0x4  # SHF_EXECINSTR
        if kind in (R_X86_64_64, R_X86_64_32, R_X86_64_32S):
            return addend, addend
        if kind in (R_X86_64_PC32, R_X86_64_PLT32):
            if code:  # a call, jump or address load: the offset is counted from the next instruction
                return addend + 4, addend + 8
            return addend - (offset - run_start), addend  # from data: a relative pointer or a jump table's entry
        raise Failure(f"relocation type {kind} against .text")

    retargeted = {}
    for index, entries in relocations.items():
        run_start, previous = None, None
        for entry in sorted(entries, key=lambda e: e[0]):
            offset, kind, symbol, addend = entry
            if symbol not in text_section_symbols:
                continue
            if previous is None or offset != previous + 4:
                run_start = offset
            previous = offset
            low, high = target_of(index, offset, kind, addend, run_start)
            keep_together(low, high)
            retargeted[(index, id(entry))] = high if sections[sections[index][7]][2] & 0x4 == 0 else low

    pieces = [c for c in cuts if c not in kept]
    if len(pieces) < 2:
        raise Failure("nothing to cut")
    ends = pieces[1:] + [text_size]

    def piece_of(offset):
        return max(0, bisect.bisect_right(pieces, offset) - 1) if offset < text_size else len(pieces) - 1

    # New sections: piece 0 stays .text; each other piece is a section, with its relocations.
    name_table = bytearray(data[sections[shstrndx][4] : sections[shstrndx][4] + sections[shstrndx][5]])
    piece_sections = [text]
    for number in range(1, len(pieces)):
        name_offset = len(name_table)
        # A function without a name (an assembler-local one: no link order can name it) goes
        # where the linker script gathers those (packaging/unnamed-functions.ld: .text..L*).
        name_table += (f".text.split.{number}" if pieces[number] in named else f".text..Lsplit.{number}").encode() + b"\0"
        start = pieces[number]
        alignment = 16
        while start % alignment:
            alignment //= 2
        piece_sections.append(len(sections))
        sections.append([name_offset, 1, sections[text][2], 0, 0, ends[number] - start, 0, 0, alignment, 0])
    rela_name = {}
    for number in range(1, len(pieces)):
        name_offset = len(name_table)
        name_table += f".rela.text.split.{number}\0".encode()
        rela_name[number] = name_offset
    # One section symbol per new piece, among the local symbols.
    added = len(pieces) - 1
    renumber = lambda old: old if old < first_global else old + added
    section_symbol = {0: min(text_section_symbols) if text_section_symbols else None}
    new_symbols = symbols[:first_global]
    for number in range(1, len(pieces)):
        section_symbol[number] = len(new_symbols)
        new_symbols.append([0, STT_SECTION, 0, piece_sections[number], 0, 0])
    new_symbols += symbols[first_global:]
    if section_symbol[0] is None:
        raise Failure("no section symbol for .text")
    for symbol in new_symbols:
        if symbol[3] == text and symbol[1] & 0xF != STT_SECTION:
            piece = piece_of(symbol[4])
            symbol[3] = piece_sections[piece]
            symbol[4] -= pieces[piece]

    # The relocations: .text's split among the pieces, with the plain offsets added; others'
    # symbols renumbered and, when they name .text, its piece.
    piece_relocations = {number: [] for number in range(len(pieces))}
    for offset, kind, symbol, addend in relocations.get(text_relocations, []):
        if symbol in text_section_symbols:
            raise Failure("a relocation of .text names .text")
        piece = piece_of(offset)
        piece_relocations[piece].append([offset - pieces[piece], kind, renumber(symbol), addend])
    for field, end, target in plain:
        source_piece, target_piece = piece_of(field), piece_of(target)
        if source_piece != target_piece:
            addend = (target - pieces[target_piece]) - (end - field)
            piece_relocations[source_piece].append([field - pieces[source_piece], R_X86_64_PC32, section_symbol[target_piece], addend])
            struct.pack_into("<i", data, sections[text][4] + field, 0)
    for index, entries in relocations.items():
        if index == text_relocations:
            continue
        for entry in entries:
            if entry[2] in text_section_symbols:
                piece = piece_of(retargeted[(index, id(entry))])
                entry[2], entry[3] = section_symbol[piece], entry[3] - pieces[piece]
            else:
                entry[2] = renumber(entry[2])

    out = bytearray(data)

    def append(blob, alignment=8):
        while len(out) % alignment:
            out.append(0)
        offset = len(out)
        out.extend(blob)
        return offset

    def rela_blob(entries):
        return b"".join(RELA.pack(o, (s << 32) | k, a) for o, k, s, a in sorted(entries))

    for index, entries in relocations.items():
        if index != text_relocations:
            sections[index][4] = append(rela_blob(entries))
    for number in range(1, len(pieces)):
        start = pieces[number]
        section = sections[piece_sections[number]]
        section[4] = append(out[sections[text][4] + start : sections[text][4] + ends[number]], 16)
        sections.append([rela_name[number], SHT_RELA, 0x40, 0, append(rela_blob(piece_relocations[number])), 24 * len(piece_relocations[number]), symtab, piece_sections[number], 8, 24])
    sections[text][5] = ends[0]
    if text_relocations is not None:
        blob = rela_blob(piece_relocations[0])
        sections[text_relocations][4], sections[text_relocations][5] = append(blob), len(blob)
    blob = b"".join(SYMBOL.pack(*s) for s in new_symbols)
    sections[symtab][4], sections[symtab][5], sections[symtab][7] = append(blob), len(blob), first_global + added
    sections[shstrndx][4], sections[shstrndx][5] = append(bytes(name_table), 1), len(name_table)
    if len(sections) >= 0xFF00:
        raise Failure("too many sections once cut")
    header_offset = append(b"".join(SECTION.pack(*s) for s in sections))
    struct.pack_into("<Q", out, 0x28, header_offset)
    struct.pack_into("<H", out, 0x3C, len(sections))
    open(destination, "wb").write(out)
    return len(pieces), len(plain), len(kept)


def main():
    arguments = sys.argv[1:]
    check_only = arguments[:1] == ["--check"]
    arguments = arguments[1:] if check_only else arguments
    if len(arguments) != 2:
        sys.exit("usage: split-text.py [--check] IN.o OUT.o")
    source, destination = arguments
    try:
        report = "" if check_only else "{} pieces ({} plain offsets, {} cuts not made); ".format(*split(source, destination))
        checked = verify(source, destination)
    except (Failure, subprocess.CalledProcessError, OSError) as failure:
        print(f"split-text: {source}: {failure}", file=sys.stderr)
        sys.exit(1)
    print(f"split-text: {source}: {'.text in ' + report if report else ''}{checked} instructions and relocations as they were")


if __name__ == "__main__":
    main()
