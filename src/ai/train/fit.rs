//! Least squares by gradient descent over one phase's weights, with L2 regularisation.
//!
//! Each position's features are the indices of the weights it sums ([`Learned::features`]:
//! mapped to the weights they share, so symmetric places train one weight). The step of each
//! weight is its gradient divided by how often it occurs (plus the regularisation): rare
//! weights move as fast as common ones, the usual remedy for the very uneven counts of
//! pattern features. The work is cut into a fixed number of chunks whose gradients are summed
//! in order, so the result does not depend on the number of threads. A step that raises the
//! error is refused and the step size halved.
//!
//! [`Learned::features`]: crate::ai::eval::learned::Learned::features

/// Chunks of positions: fixed, so that sums are added in the same order on any machine.
const CHUNKS: usize = 8;

/// A training position: its features (indices of shared weights) and its label in discs.
pub type Row = (Vec<u32>, f32);

/// Settings of a fit.
#[derive(Clone, Copy, Debug)]
pub struct FitSettings {
    /// Passes over the data.
    pub epochs: u32,
    /// L2 regularisation, in positions' worth of evidence for a zero weight.
    pub l2: f32,
    /// The step, a fraction of the per-weight Newton step.
    pub rate: f32,
    /// Threads.
    pub threads: usize,
}

/// The weights of one phase (in discs) that fit `rows`, starting from `start`; and the
/// mean squared error on `rows` after the fit.
pub fn fit(rows: &[Row], start: &[f32], s: FitSettings) -> (Vec<f32>, f32) {
    fit_towards(rows, start, None, s)
}

/// [`fit`] with the regularisation pulling each weight towards its value in `prior` (weights
/// fitted earlier on more positions) instead of towards zero: a fit on few positions then
/// moves only the weights its data speak for.
pub fn fit_towards(
    rows: &[Row],
    start: &[f32],
    prior: Option<&[f32]>,
    s: FitSettings,
) -> (Vec<f32>, f32) {
    let mut w = start.to_vec();
    let len = w.len();
    if rows.is_empty() {
        return (w, 0.0);
    }
    let mut count = vec![0f32; len];
    for (f, _) in rows {
        for &i in f {
            count[i as usize] += 1.0;
        }
    }
    let chunk = rows.len().div_ceil(CHUNKS);
    let mut rate = s.rate;
    let (mut grad, mut loss) = gradient(rows, &w, chunk, s.threads);
    for _ in 0..s.epochs {
        let step: Vec<f32> = (0..len)
            .map(|i| {
                if count[i] > 0.0 {
                    let pull = w[i] - prior.map_or(0.0, |p| p[i]);
                    w[i] - rate * (grad[i] + s.l2 * pull) / (count[i] + s.l2)
                } else {
                    w[i]
                }
            })
            .collect();
        let (next_grad, next_loss) = gradient(rows, &step, chunk, s.threads);
        if next_loss > loss * 1.0001 {
            // Overshooting (the features of a position all move at once): the step is
            // refused, and steps are smaller from here on.
            rate *= 0.5;
            continue;
        }
        (w, grad, loss) = (step, next_grad, next_loss);
    }
    (w, loss)
}

/// The gradient of half the summed squared error, and the mean squared error.
fn gradient(rows: &[Row], w: &[f32], chunk: usize, threads: usize) -> (Vec<f32>, f32) {
    let chunks: Vec<&[Row]> = rows.chunks(chunk).collect();
    let parts: Vec<(Vec<f32>, f64)> = super::parallel_map(&chunks, threads, |part| {
        let mut g = vec![0f32; w.len()];
        let mut sq = 0f64;
        for (f, y) in part.iter() {
            let r = f.iter().map(|&i| w[i as usize]).sum::<f32>() - y;
            sq += f64::from(r * r);
            for &i in f {
                g[i as usize] += r;
            }
        }
        (g, sq)
    });
    let mut grad = vec![0f32; w.len()];
    let mut sq = 0f64;
    for (g, s) in parts {
        for (a, b) in grad.iter_mut().zip(g) {
            *a += b;
        }
        sq += s;
    }
    (grad, (sq / rows.len() as f64) as f32)
}

#[cfg(test)]
mod tests {
    use super::*;

    const FEATURES: usize = 47;
    const PHASE_LEN: usize = 2000;

    #[test]
    fn a_fit_explains_labels_made_from_weights() {
        // Labels made from known weights on a few features: least squares finds them again
        // (up to the shrinking of a small regularisation).
        let truth = |i: u32| (i % 7) as f32 - 3.0;
        let mut rows = Vec::new();
        for k in 0..2000u32 {
            let mut f = vec![0u32; FEATURES];
            for (j, x) in f.iter_mut().enumerate() {
                *x = (j as u32 * 40 + (k * 7 + j as u32 * k) % 40) % 2000;
            }
            let y = f.iter().map(|&i| truth(i)).sum();
            rows.push((f, y));
        }
        let settings = FitSettings {
            epochs: 300,
            l2: 0.01,
            rate: 0.2,
            threads: 2,
        };
        let (w, loss) = fit(&rows, &vec![0.0; PHASE_LEN], settings);
        assert!(loss < 0.05, "loss {loss}");
        let (w1, _) = fit(
            &rows,
            &vec![0.0; PHASE_LEN],
            FitSettings {
                threads: 1,
                ..settings
            },
        );
        assert_eq!(w, w1, "the thread count changes nothing");
    }
}
