import SimulationKernel

print("usage: wristsim-bench shop|timeouts [--json]")
