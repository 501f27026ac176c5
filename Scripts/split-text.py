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
Last, splitcheck.py reads both files again with another disassembler and holds every
instruction and relocation of the result to the original's.

Usage: split-text.py IN.o OUT.o   (prints how many pieces; exits 1 when it cannot cut IN.o)
       split-text.py --check IN.o OUT.o   (only the check of an OUT.o cut before)
"""
import bisect
import re
import struct
import subprocess
import sys

from splitcheck import NAMED_PIECE, SECTION, UNNAMED_PIECE, Failure, name_at, read_object, verify

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


class TextCut:
    """One object file's .text and what refers into it: where it can be cut, then the file cut."""

    def __init__(self, source):
        self.source = source
        self.data, self.sections, self.shstrndx = read_object(source)
        sections = self.sections
        names = [name_at(self.data, sections[self.shstrndx], s[0]) for s in sections]
        if names.count(".text") != 1:
            raise Failure("not one .text section")
        if any(s[1] in (SHT_GROUP, SHT_SYMTAB_SHNDX, SHT_LLVM_ADDRSIG) for s in sections):
            raise Failure("section groups, extended symbol indexes or an address-significance table: not handled")
        self.text = names.index(".text")
        self.text_size = sections[self.text][5]
        self.symtab = next(i for i, s in enumerate(sections) if s[1] == SHT_SYMTAB)
        table = sections[self.symtab]
        self.symbols = [list(SYMBOL.unpack_from(self.data, table[4] + i * 24)) for i in range(table[5] // 24)]
        self.first_global = table[7]
        self.text_symbols = {i for i, s in enumerate(self.symbols) if s[1] & 0xF == STT_SECTION and s[3] == self.text}
        self.relocations = {}  # section index → [offset, type, symbol, addend] each
        for index, section in enumerate(sections):
            if section[1] == SHT_RELA:
                entries = []
                for k in range(section[5] // 24):
                    offset, info, addend = RELA.unpack_from(self.data, section[4] + k * 24)
                    entries.append([offset, info & 0xFFFFFFFF, info >> 32, addend])
                self.relocations[index] = entries
        self.text_relocations = next((i for i, s in enumerate(sections) if s[1] == SHT_RELA and s[7] == self.text), None)
        # Where the cuts may go: at each function's start, named or not (each function has its
        # unwinding entry in .eh_frame, which says where it starts).
        self.named = {s[4] for s in self.symbols if s[3] == self.text and s[1] & 0xF == STT_FUNC and 0 < s[4] < self.text_size}
        unwound = {
            entry[3]
            for index, entries in self.relocations.items()
            if names[sections[index][7]] == ".eh_frame"
            for entry in entries
            if entry[2] in self.text_symbols and 0 < entry[3] < self.text_size
        }
        self.cuts = sorted({0} | self.named | unwound)
        self.kept = set()  # cuts not made
        self.plain = self.plain_offsets()
        self.targets = self.relocation_targets()
        self.pieces = [c for c in self.cuts if c not in self.kept]
        if len(self.pieces) < 2:
            raise Failure("nothing to cut")
        self.ends = self.pieces[1:] + [self.text_size]

    def keep_together(self, low, high):
        """No cut in (low, high]."""
        low, high = min(low, high), max(low, high)
        for index in range(bisect.bisect_right(self.cuts, low), bisect.bisect_right(self.cuts, high)):
            self.kept.add(self.cuts[index])

    def piece_of(self, offset):
        return max(0, bisect.bisect_right(self.pieces, offset) - 1) if offset < self.text_size else len(self.pieces) - 1

    def plain_offsets(self):
        """The instructions' offsets without relocations, as (field, end of the instruction,
        target): 4-byte ones become relocations where they cross a cut; a 1-byte one keeps its
        two ends together."""
        relocated_at = {r[0] for r in self.relocations.get(self.text_relocations, [])}
        plain = []
        for start, end, code, target in disassembly(self.source):
            distance = target - end
            fields = [p for p in range(1, len(code) - 3) if struct.unpack_from("<i", code, p)[0] == distance]
            if any(start + p in relocated_at for p in fields) or not 0 <= target <= self.text_size:
                continue  # a relocation's field (the address objdump shows is not the target)
            if len(fields) == 1:
                plain.append((start + fields[0], end, target))
            elif not fields and len(code) >= 2 and struct.unpack_from("<b", code, len(code) - 1)[0] == distance:
                self.keep_together(start, target)
            else:
                raise Failure(f"cannot find the offset in the instruction at {start:#x}")
        return plain

    def relocation_targets(self):
        """{id of a relocation that names .text plus an offset: the offset it means}. From code,
        a call's or address load's offset counts from the instruction's end (4 bytes on, or up
        to 4 more past an immediate); from data, a relative pointer's from itself, a jump table
        entry's from the table's start (taken as the first of the run of entries before it)."""
        targets = {}
        for index, entries in self.relocations.items():
            code = self.sections[self.sections[index][7]][2] & 0x4  # SHF_EXECINSTR
            run_start, previous = None, None
            for entry in sorted(entries, key=lambda e: e[0]):
                offset, kind, symbol, addend = entry
                if symbol not in self.text_symbols:
                    continue
                if previous is None or offset != previous + 4:
                    run_start = offset
                previous = offset
                if kind in (R_X86_64_64, R_X86_64_32, R_X86_64_32S):
                    targets[id(entry)] = addend
                elif kind in (R_X86_64_PC32, R_X86_64_PLT32) and code:
                    self.keep_together(addend + 4, addend + 8)
                    targets[id(entry)] = addend + 4
                elif kind in (R_X86_64_PC32, R_X86_64_PLT32):
                    self.keep_together(addend - (offset - run_start), addend)
                    targets[id(entry)] = addend
                else:
                    raise Failure(f"relocation type {kind} against .text")
        return targets

    def write(self, destination):
        """Writes the cut file: piece 0 stays .text; each other piece is a section of its own with
        its relocations, and a section symbol among the local ones."""
        data, sections, pieces, text = self.data, self.sections, self.pieces, self.text
        name_table = bytearray(data[sections[self.shstrndx][4] : sections[self.shstrndx][4] + sections[self.shstrndx][5]])

        def name(text):
            offset = len(name_table)
            name_table.extend(text.encode() + b"\0")
            return offset

        piece_sections = [text]
        for number in range(1, len(pieces)):
            start = pieces[number]
            alignment = 16
            while start % alignment:
                alignment //= 2
            # A function without a name (an assembler-local one: no link order can name it)
            # goes where the linker script gathers those (packaging/unnamed-functions.ld).
            title = f"{NAMED_PIECE if start in self.named else UNNAMED_PIECE}{number}"
            piece_sections.append(len(sections))
            sections.append([name(title), 1, sections[text][2], 0, 0, self.ends[number] - start, 0, 0, alignment, 0])
        added = len(pieces) - 1
        renumber = lambda old: old if old < self.first_global else old + added
        section_symbol = {0: min(self.text_symbols, default=None)}
        if section_symbol[0] is None:
            raise Failure("no section symbol for .text")
        symbols = self.symbols[: self.first_global]
        for number in range(1, len(pieces)):
            section_symbol[number] = len(symbols)
            symbols.append([0, STT_SECTION, 0, piece_sections[number], 0, 0])
        symbols += self.symbols[self.first_global :]
        for symbol in symbols:
            if symbol[3] == text and symbol[1] & 0xF != STT_SECTION:
                piece = self.piece_of(symbol[4])
                symbol[3], symbol[4] = piece_sections[piece], symbol[4] - pieces[piece]

        # .text's relocations among the pieces, with the plain offsets that cross a cut; the
        # others' symbols renumbered and, when they name .text, its piece.
        piece_relocations = {number: [] for number in range(len(pieces))}
        for offset, kind, symbol, addend in self.relocations.get(self.text_relocations, []):
            if symbol in self.text_symbols:
                raise Failure("a relocation of .text names .text")
            piece = self.piece_of(offset)
            piece_relocations[piece].append([offset - pieces[piece], kind, renumber(symbol), addend])
        crossing = 0
        for field, end, target in self.plain:
            source_piece, target_piece = self.piece_of(field), self.piece_of(target)
            if source_piece != target_piece:
                addend = (target - pieces[target_piece]) - (end - field)
                piece_relocations[source_piece].append([field - pieces[source_piece], R_X86_64_PC32, section_symbol[target_piece], addend])
                struct.pack_into("<i", data, sections[text][4] + field, 0)
                crossing += 1
        for index, entries in self.relocations.items():
            for entry in entries if index != self.text_relocations else []:
                if entry[2] in self.text_symbols:
                    piece = self.piece_of(self.targets[id(entry)])
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

        for index, entries in self.relocations.items():
            if index != self.text_relocations:
                sections[index][4] = append(rela_blob(entries))
        for number in range(1, len(pieces)):
            code = sections[text][4]
            sections[piece_sections[number]][4] = append(out[code + pieces[number] : code + self.ends[number]], 16)
            blob = rela_blob(piece_relocations[number])
            sections.append([name(f".rela.text.split.{number}"), SHT_RELA, 0x40, 0, append(blob), len(blob), self.symtab, piece_sections[number], 8, 24])
        sections[text][5] = self.ends[0]
        if self.text_relocations is not None:
            blob = rela_blob(piece_relocations[0])
            sections[self.text_relocations][4], sections[self.text_relocations][5] = append(blob), len(blob)
        blob = b"".join(SYMBOL.pack(*s) for s in symbols)
        sections[self.symtab][4], sections[self.symtab][5], sections[self.symtab][7] = append(blob), len(blob), self.first_global + added
        sections[self.shstrndx][4], sections[self.shstrndx][5] = append(bytes(name_table), 1), len(name_table)
        if len(sections) >= 0xFF00:
            raise Failure("too many sections once cut")
        header_offset = append(b"".join(SECTION.pack(*s) for s in sections))
        struct.pack_into("<Q", out, 0x28, header_offset)
        struct.pack_into("<H", out, 0x3C, len(sections))
        with open(destination, "wb") as file:
            file.write(out)
        return crossing


def main():
    arguments = sys.argv[1:]
    check_only = arguments[:1] == ["--check"]
    arguments = arguments[1:] if check_only else arguments
    if len(arguments) != 2:
        sys.exit("usage: split-text.py [--check] IN.o OUT.o")
    source, destination = arguments
    try:
        report = ""
        if not check_only:
            cut = TextCut(source)
            crossing = cut.write(destination)
            report = f"{len(cut.pieces)} pieces ({crossing} plain offsets made relocations, {len(cut.kept)} cuts not made); "
        checked = verify(source, destination)
    except (Failure, subprocess.CalledProcessError, OSError) as failure:
        print(f"split-text: {source}: {failure}", file=sys.stderr)
        sys.exit(1)
    print(f"split-text: {source}: {'.text in ' + report if report else ''}{checked} instructions and relocations as they were")


if __name__ == "__main__":
    main()
