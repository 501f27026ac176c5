"""The release link's order of functions: which ran (a callgrind profile), and in what order the
linker should place them (`make link-order`; see the Makefile). Used by bench-daemon.py and
bench-popup.py, each for its own program.
"""
import os
import re


def functions_that_ran(callgrind_output, binary):
    """The symbols of `binary` in a callgrind profile (mangled), in the order callgrind lists them."""
    names, seen, in_binary = [], set(), False
    with open(callgrind_output) as profile:
        for line in profile:
            if line.startswith("ob="):
                in_binary = os.path.realpath(line[3:].strip()) == os.path.realpath(binary)
            elif line.startswith("fn=") and in_binary:
                name = re.sub(r"'\d+$", "", line[3:].strip())  # callgrind's recursion-depth suffix
                if not name.startswith("0x") and name not in seen:
                    seen.add(name)
                    names.append(name)
    return names


def text_sections_by_symbol(link_map):
    """For each symbol in the binary's code (lld's -Map output), the sizes of the input sections
    that define one of that name: an outlined helper's name is defined in many objects."""
    line_pattern = re.compile(r"^\s*[0-9a-f]+\s+[0-9a-f]+\s+([0-9a-f]+)\s+\d+ (.*)$")
    sizes, output_section, input_size = {}, None, 0
    with open(link_map) as lines:
        for line in lines:
            match = line_pattern.match(line.rstrip("\n"))
            if not match:
                continue
            size, rest = int(match.group(1), 16), match.group(2)
            if not rest.startswith(" "):
                output_section = rest.strip()
            elif rest.startswith("        ") and rest[8] != " ":
                input_size = size
            elif output_section == ".text":
                sizes.setdefault(rest.strip(), []).append(input_size)
    return sizes


def dense_first(names, sections):
    """The functions that ran, those in small sections (one function each: -function-sections)
    first, by name, then those whose sections are larger, smallest first. The linker moves a
    function's whole section: a 475 KiB library section that holds one helper that ran (or only
    a helper of the same name) would otherwise split the running code in two. Every function
    listed runs, so their order among themselves does not change what is resident; by name, a
    new list differs from the last only where the code that runs did (callgrind's own order
    changed from run to run)."""
    largest = lambda name: max(sections.get(name, [0]))
    small = sorted(name for name in names if largest(name) <= 16 * 1024)
    large = sorted((name for name in names if largest(name) > 16 * 1024), key=lambda name: (largest(name), name))
    return small + large
