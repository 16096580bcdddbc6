-- The tables rocprof v1 (rocprofiler 1) writes into results.db beside
-- results.csv: A holds the kernel dispatches (the columns of results.csv),
-- HIP the runtime calls. One dispatch of tests/data/rocprof/results.csv.
CREATE TABLE "A" ("Index" INTEGER, "KernelName" TEXT, "gpu-id" INTEGER, "queue-id" INTEGER,
  "pid" INTEGER, "tid" INTEGER, "DispatchNs" INTEGER, "BeginNs" INTEGER, "EndNs" INTEGER,
  "CompleteNs" INTEGER);
INSERT INTO "A" VALUES (0, 'bodyForce(Body*, float, int) [clone .kd]', 0, 0, 3670615, 3670615,
  1591372809346673, 1591372809872935, 1591372836189584, 1591372836215944);
CREATE TABLE "HIP" ("Index" INTEGER, "Name" TEXT, "args" TEXT, "BeginNs" INTEGER,
  "EndNs" INTEGER, "pid" INTEGER, "tid" INTEGER);
