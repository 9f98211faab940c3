"""The app layer: window, fixed-timestep loop, scene stack, input devices."""
