import '@mui/material/styles';

// The purple AI accent (spec §1) is a first-class palette colour: `color="ai"` on buttons,
// chips and icon buttons marks everything AI-driven.
declare module '@mui/material/styles' {
  interface Palette {
    ai: Palette['primary'];
  }
  interface PaletteOptions {
    ai?: PaletteOptions['primary'];
  }
}

declare module '@mui/material/Button' {
  interface ButtonPropsColorOverrides {
    ai: true;
  }
}

declare module '@mui/material/Chip' {
  interface ChipPropsColorOverrides {
    ai: true;
  }
}

declare module '@mui/material/IconButton' {
  interface IconButtonPropsColorOverrides {
    ai: true;
  }
}

declare module '@mui/material/SvgIcon' {
  interface SvgIconPropsColorOverrides {
    ai: true;
  }
}

declare module '@mui/material/Checkbox' {
  interface CheckboxPropsColorOverrides {
    ai: true;
  }
}

declare module '@mui/material/LinearProgress' {
  interface LinearProgressPropsColorOverrides {
    ai: true;
  }
}
