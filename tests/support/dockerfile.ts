import fs from "node:fs";

// The Dockerfile read as Docker reads it, enough for the tests that keep it honest: instructions
// (continuation lines joined, comments dropped), grouped by stage. Tests take the run stage's COPY
// lines, install and CMD from here, so the image and what the tests reproduce cannot drift apart.

export interface Instruction {
  keyword: string;
  /** Everything after the keyword, continuation lines joined with a space. */
  args: string;
}

export interface Stage {
  name: string;
  instructions: Instruction[];
}

export function parseDockerfile(text: string): Stage[] {
  const logical: string[] = [];
  let current = "";
  for (const raw of text.split("\n")) {
    const line = raw.trimEnd();
    // Comments, also between the lines of a continued instruction, are not part of it.
    if (/^\s*#/.test(line)) continue;
    if (line.endsWith("\\")) {
      current += `${line.slice(0, -1).trim()} `;
      continue;
    }
    current += line.trim();
    if (current.trim()) logical.push(current.trim());
    current = "";
  }
  if (current.trim()) logical.push(current.trim());

  const stages: Stage[] = [];
  for (const line of logical) {
    const [, keyword, args = ""] = /^(\S+)\s*(.*)$/.exec(line) ?? [];
    const instruction = { keyword: keyword.toUpperCase(), args };
    if (instruction.keyword === "FROM") {
      const name = / AS (\S+)$/i.exec(args)?.[1] ?? String(stages.length);
      stages.push({ name, instructions: [] });
    }
    if (stages.length === 0) throw new Error(`Dockerfile: ${keyword} before the first FROM`);
    stages[stages.length - 1].instructions.push(instruction);
  }
  return stages;
}

export function readDockerfile(file = "Dockerfile"): Stage[] {
  return parseDockerfile(fs.readFileSync(file, "utf8"));
}

/** The last stage: the image that runs. */
export function runStage(stages: Stage[]): Stage {
  const last = stages[stages.length - 1];
  if (!last) throw new Error("Dockerfile: no stage");
  return last;
}

export interface CopyInstruction {
  /** The stage it copies from, or null for the build context (the repository). */
  from: string | null;
  sources: string[];
  destination: string;
}

/** A COPY's flags, sources and destination (shell form; --chown/--chmod are accepted and ignored). */
export function parseCopy(args: string): CopyInstruction {
  const words = args.split(/\s+/).filter(Boolean);
  let from: string | null = null;
  while (words[0]?.startsWith("--")) {
    const flag = words.shift()!;
    const fromFlag = /^--from=(.+)$/.exec(flag);
    if (fromFlag) from = fromFlag[1];
  }
  if (words.length < 2) throw new Error(`Dockerfile: COPY needs a source and a destination: COPY ${args}`);
  const destination = words.pop()!;
  return { from, sources: words, destination };
}

/** An exec-form (JSON array) CMD or ENTRYPOINT; the shell form would put a shell in front of node as PID 1. */
export function execForm(args: string): string[] {
  const parsed: unknown = JSON.parse(args);
  if (!Array.isArray(parsed) || !parsed.every((a) => typeof a === "string"))
    throw new Error(`Dockerfile: expected the exec form ["node", …], got ${args}`);
  return parsed as string[];
}

/** The value of one instruction of a stage (its last occurrence), or undefined. */
export function lastOf(stage: Stage, keyword: string): Instruction | undefined {
  return stage.instructions.filter((i) => i.keyword === keyword).pop();
}
